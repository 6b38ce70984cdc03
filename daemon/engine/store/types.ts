/** A stored chunk, as search and export read it. */
export type StoredChunk = {
	readonly rowid: number;
	readonly id: string;
	readonly fileName: string;
	readonly ordinal: number;
	readonly sectionTitle: string;
	readonly headingLevel: number;
	readonly headingPath: readonly string[];
	readonly content: string;
	readonly startLine: number;
	readonly endLine: number;
};

export type CollectionRow = {
	readonly id: number;
	readonly name: string;
	readonly modelId: string | null;
	readonly dims: number | null;
	readonly chunkerVersion: number;
	readonly vectorGeneration: number;
};

export type DocumentRow = {
	readonly id: number;
	readonly fileName: string;
	readonly contentHash: string;
	readonly chunkCount: number;
};

/** What an embedding model made: a collection's vectors must all come from one fingerprint. */
export type Fingerprint = {
	readonly modelId: string;
	readonly dims: number;
};

/** A chunk to write, with its vector when one was made. */
export type ChunkToWrite = {
	readonly ordinal: number;
	readonly sectionTitle: string;
	readonly headingLevel: number;
	readonly headingPath: readonly string[];
	readonly content: string;
	readonly startLine: number;
	readonly endLine: number;
	readonly tokens: number;
	readonly hash: string;
	readonly vector?: Float32Array;
};

export type DocumentToWrite = {
	readonly fileName: string;
	readonly sourcePath?: string;
	readonly title: string;
	readonly tags: readonly string[];
	readonly contentHash: string;
	readonly byteSize: number;
	readonly chunks: readonly ChunkToWrite[];
};

/** What a write changed, for the in-memory vector index to follow. */
export type VectorChange = {
	readonly removed: readonly number[];
	readonly added: ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>;
};
