import type {Chunk} from '../chunker/chunk-markdown.js';

/** What every chunk has, whether being written or read back. */
type ChunkBody = Pick<Chunk, 'ordinal' | 'sectionTitle' | 'headingLevel' | 'headingPath' | 'content' | 'startLine' | 'endLine'>;

/** A collection as the engine sees it, whatever stores it. */
export type Collection = {
	/** The backend's number for it: stable while the collection exists. */
	readonly id: number;
	readonly name: string;
	/** The fingerprint of its vectors, recorded with the first ones; null while it has none. */
	readonly modelId: string | null;
	readonly dims: number | null;
	readonly chunkerVersion: number;
};

/** A collection with its chunk and document counts (GET /collections, health). */
export type CollectionCounts = Collection & {readonly count: number; readonly documents: number};

/** A stored chunk, as search and export read it. */
export type StoredChunk = ChunkBody & {
	/** The backend's number for the chunk, unique across collections: what keyword and vector top-k answer. */
	readonly rowid: number;
	/** The chunk's id on the wire (stable across re-ingests of the same text). */
	readonly id: string;
	readonly fileName: string;
	/** Where the daemon read the file from; null when it came as content. */
	readonly sourcePath: string | null;
};

/** A stored document, without its chunks. */
export type DocumentInfo = {
	readonly fileName: string;
	readonly contentHash: string;
	readonly chunkCount: number;
	readonly sourcePath: string | null;
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

/** A chunk as an export carries it: everything needed to restore it without re-embedding. */
export type ExportedChunk = StoredChunk & Pick<Chunk, 'tokens' | 'hash'> & {readonly vector?: Float32Array};

/** A document as an export carries it, with its chunks in order. */
export type ExportedDocument = Omit<DocumentToWrite, 'chunks' | 'sourcePath'> & {readonly chunks: readonly ExportedChunk[]};

/** A chunk found by a ranking (keyword or vector top-k); higher score is better. */
export type Ranked = {readonly rowid: number; readonly score: number};

/** Counts of one collection's content. */
export type ContentCounts = {
	readonly documents: number;
	readonly chunks: number;
	readonly vectors: number;
	readonly tokens: number;
};

/** Exact search (flat) or an approximate HNSW graph. */
export type IndexKind = 'flat' | 'hnsw';

/** The state of a collection's vector index. */
export type VectorIndexState = {
	/** Vectors the index answers from. */
	readonly vectors: number;
	readonly kind: IndexKind;
	/** The kind it is being built as beside the live one, now or once writes settle; null when none. */
	readonly rebuilding: IndexKind | null;
};

/** Column weights of BM25: document title, section headings, body. */
export type FieldWeights = readonly [title: number, headings: number, body: number];
