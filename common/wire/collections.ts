// The HTTP API's answers about collections, as types only (see search.ts).

/** One entry of GET /collections. */
export type CollectionEntry = {readonly name: string; readonly count: number; readonly documents: number};

/** Exact search (flat) or an approximate HNSW graph. */
export type IndexKind = 'flat' | 'hnsw';

/** GET /stats (which adds disk_bytes) and the MCP tool stats. */
export type CollectionStats = {
	readonly collection: string;
	readonly documents: number;
	readonly chunks: number;
	readonly vectors: number;
	readonly tokens: number;
	readonly model: string | null;
	readonly dims: number | null;
	readonly chunker_version: number;
	readonly index_vectors: number;
	/** flat (exact) or hnsw (approximate graph, above MD_VECTOR_HNSW_THRESHOLD vectors). */
	readonly index_kind: IndexKind;
	/** The kind the index is being built as beside the live one, now or once writes settle; null when none. */
	readonly index_rebuilding: IndexKind | null;
	/** While vectors are filled in after a model became available: chunks with a vector so far of all; else null. */
	readonly vector_fill: {readonly done: number; readonly total: number} | null;
};
