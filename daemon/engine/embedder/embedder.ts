/** Turns texts into unit-length vectors. The engine takes any implementation (tests inject their own). */
export type Embedder = {
	/** Recorded in each collection's fingerprint. */
	readonly modelId: string;
	readonly dims: number;
	/** `signal`: an ingestion cancelled stops between model runs (rejecting with its reason), not after all of them. */
	embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
	/**
	 * The texts as given, without the document prefix embedDocuments puts first (e5's `passage: `): POST
	 * /v1/embeddings, whose callers add their own. Absent where embedDocuments puts none.
	 */
	embedPlain?(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
	embedQuery(text: string): Promise<Float32Array>;
	dispose(): Promise<void>;
	/** Why it cannot embed now, though loaded (a model server that went away); undefined while it can. */
	outage?(): string | undefined;
};

/**
 * Thrown by an embedder whose model is out of reach for now (a model server that went away, or answers 429 or
 * 5xx): a search falls back to keyword with a notice, as without a model; an ingestion stops with the documents
 * committed so far whole.
 */
export class EmbedderOutage extends Error {
	constructor(message: string, options?: ErrorOptions) {
		super(message, options);
		this.name = 'EmbedderOutage';
	}
}

export type EmbedderState
	= | {readonly status: 'loading'; readonly modelId: string; readonly progress?: number}
		| {readonly status: 'ready'; readonly embedder: Embedder}
		| {readonly status: 'unavailable'; readonly modelId: string; readonly reason: string};
