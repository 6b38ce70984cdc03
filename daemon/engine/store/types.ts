import type {Chunk} from '../chunker/chunk-markdown.js';

/** What every chunk has, whether being written or read back. */
type ChunkBody = Pick<Chunk, 'ordinal' | 'sectionTitle' | 'headingLevel' | 'headingPath' | 'content' | 'startLine' | 'endLine'>;

/** A stored chunk, as search and export read it. */
export type StoredChunk = ChunkBody & {
	readonly rowid: number;
	readonly id: string;
	readonly fileName: string;
	/** Where the daemon read the file from; null when it came as content. */
	readonly sourcePath: string | null;
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
export type ChunkToWrite = ChunkBody & Pick<Chunk, 'tokens' | 'hash'> & {
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
