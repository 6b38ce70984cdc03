/** Turns texts into unit-length vectors. The engine takes any implementation (tests inject their own). */
export type Embedder = {
	/** Recorded in each collection's fingerprint. */
	readonly modelId: string;
	readonly dims: number;
	/** `signal`: an ingestion cancelled stops between model runs (rejecting with its reason), not after all of them. */
	embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
	embedQuery(text: string): Promise<Float32Array>;
	dispose(): Promise<void>;
};

export type EmbedderState
	= | {readonly status: 'loading'; readonly modelId: string; readonly progress?: number}
		| {readonly status: 'ready'; readonly embedder: Embedder}
		| {readonly status: 'unavailable'; readonly modelId: string; readonly reason: string};
