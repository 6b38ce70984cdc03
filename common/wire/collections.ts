// The HTTP API's answers about collections, as types only (see search.ts).

/**
 * One entry of GET /collections: the spec's name and count, then documents, folder sources and the last sync
 * (the daemon always sends the last two; a client takes an entry without them as a collection without sources).
 */
export type CollectionEntry = {readonly name: string; readonly count: number; readonly documents: number; readonly sources?: number; readonly last_sync_at?: string | null};

/** A folder source (GET /collections/{name}/sources, the MCP tool list_sources). */
export type SourceEntry = {
	readonly path: string;
	readonly label: string;
	readonly include: readonly string[];
	readonly exclude: readonly string[];
	readonly ignore_files: boolean;
	readonly hidden: boolean;
	readonly watch: boolean;
	readonly documents: number;
	readonly last_sync_at: string | null;
	/** Counts of its last completed sync (added, changed, renamed, removed, unchanged, failed, conflicts, skipped). */
	readonly last_sync: Readonly<Record<string, number>> | null;
};

export type CollectionDeleted = {readonly status: 'ok'; readonly collection: string; readonly deleted_documents: number; readonly deleted_chunks: number; readonly deleted_sources: number};

export type CollectionRenamed = {readonly status: 'ok'; readonly collection: string; readonly previous: string};

export type SourceRemoved = {
	readonly status: 'ok';
	readonly collection: string;
	readonly path: string;
	readonly deleted_documents: number;
	/** The remaining source's documents, back to names without a label prefix. */
	readonly renamed: ReadonlyArray<{readonly from: string; readonly to: string}>;
	readonly collection_removed: boolean;
};

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
	/**
	 * Its switch to another model under way (`md-vector model use`): the new model, its dimensions, and its vectors
	 * made so far of all chunks; searches answer from `model` until it completes. Null when none (and from daemons
	 * before issue 35: absent).
	 */
	readonly model_switch?: {readonly to: string; readonly dims: number; readonly done: number; readonly total: number; readonly started_at: string} | null;
};
