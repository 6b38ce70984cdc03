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
	readonly byteSize: number;
	/** The folder source it belongs to; null when loose (one file ingested, inline content, or stored before sources existed). */
	readonly sourceId: number | null;
	/** Its path within that source (POSIX). */
	readonly relativePath: string | null;
	/**
	 * The file's stamp when it was read (files/file-stamp.ts: size in bytes on disk, modification and inode change
	 * times): a file with the same stamp now is not read again to tell whether it changed. Null when unknown (sent
	 * inline, stored before stamps were kept, or changed too close to its read to be trusted).
	 */
	readonly fileSize: number | null;
	readonly mtimeMs: number | null;
	readonly ctimeMs: number | null;
	/** Its front matter's fields ({} when it has none, or was stored before front matter was kept). */
	readonly meta: Readonly<Record<string, unknown>>;
};

/** What an embedding model made: a collection's vectors must all come from one fingerprint. */
export type Fingerprint = {
	readonly modelId: string;
	readonly dims: number;
};

/**
 * A collection's switch to another model, under way (storage.ts ModelSwitchStore): vectors of `target` are made
 * beside the live ones and replace them at once when every chunk has one.
 */
export type ModelSwitch = {
	readonly collectionId: number;
	readonly collection: string;
	/** The model of the collection's live vectors (null: none yet). */
	readonly from: string | null;
	readonly target: Fingerprint;
	readonly startedAt: string;
	/** Chunks with a vector of the target so far, of all the collection's chunks (counted when read). */
	readonly done: number;
	readonly total: number;
};

/** What the swap of a switch did: swapped, or not yet (`missing` chunks lack a vector of the target: written meanwhile). */
export type SwapOutcome = {readonly swapped: true} | {readonly swapped: false; readonly missing: number};

/** A chunk to write, with its vector when one was made. */
export type ChunkToWrite = ChunkBody & Pick<Chunk, 'tokens' | 'hash'> & {
	readonly vector?: Float32Array;
};

export type DocumentToWrite = {
	readonly fileName: string;
	readonly sourcePath?: string;
	/** The whole text, kept for `get` (what was indexed, also once the file changed or vanished). */
	readonly text?: string;
	readonly sourceId?: number | null;
	readonly relativePath?: string | null;
	/** The file's stamp as read (DocumentInfo.fileSize); absent or null: unknown. */
	readonly fileSize?: number | null;
	readonly mtimeMs?: number | null;
	readonly ctimeMs?: number | null;
	readonly title: string;
	readonly tags: readonly string[];
	/** Front matter fields, for filters and get (none: {}). */
	readonly meta?: Readonly<Record<string, unknown>>;
	readonly contentHash: string;
	readonly byteSize: number;
	readonly chunks: readonly ChunkToWrite[];
};

/** A chunk as an export carries it: everything needed to restore it without re-embedding. */
export type ExportedChunk = StoredChunk & Pick<Chunk, 'tokens' | 'hash'> & {readonly vector?: Float32Array};

/** A document as an export carries it: its place (null: loose, or unknown), its text (null: none was kept), its chunks in order. */
export type ExportedDocument = Omit<DocumentToWrite, 'chunks' | 'sourcePath' | 'text' | 'sourceId' | 'relativePath' | 'fileSize' | 'mtimeMs' | 'ctimeMs' | 'meta'> & {
	readonly sourcePath: string | null;
	readonly text: string | null;
	readonly sourceId: number | null;
	readonly relativePath: string | null;
	readonly mtimeMs: number | null;
	readonly chunks: readonly ExportedChunk[];
};

/**
 * A candidate of a search: a chunk found by one ranking (keyword or vector top-k), by its rowid; higher score is
 * better. Not yet a hit: fusion ranks the candidates, and the first k become the search's hits (search/types.ts,
 * SearchHit; on the wire, common/wire/search.ts's SearchResult). `boilerplate`: whether the chunk is
 * boilerplate (search/boilerplate.ts, decided when it was written), when the ranking read it (hybrid search demotes
 * such chunks without reading their text); undefined when unknown. `chunk`: the stored chunk and its collection's id,
 * when the ranking read it (KeywordIndex.keywordTopK's `withChunks`), so the search need not read it again.
 */
export type Candidate = {readonly rowid: number; readonly score: number; readonly boilerplate?: boolean; readonly chunk?: StoredChunk & {readonly collectionId: number}};

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

/** What a folder source is walked with (docs/sync-design.md): globs, ignore files, hidden names; and whether the daemon follows it. */
export type SourceSettings = {
	/** Globs a file must match (none: every Markdown file). */
	readonly include: readonly string[];
	readonly exclude: readonly string[];
	/** Honour .gitignore and .mdvectorignore. */
	readonly ignoreFiles: boolean;
	/** Walk dot-names and node_modules too. */
	readonly hidden: boolean;
	/** The daemon follows the folder from its start. */
	readonly watch: boolean;
};

/** The counts of a source's last completed sync. */
export type SyncCounts = {
	readonly added: number;
	readonly changed: number;
	readonly renamed: number;
	readonly removed: number;
	readonly unchanged: number;
	readonly failed: number;
	readonly conflicts: number;
	readonly skipped: number;
	/** Files found at a new path (absent from syncs recorded before moves were counted). */
	readonly moved?: number;
};

/** A folder a collection is filled from. */
export type Source = SourceSettings & {
	/** The backend's number for it, stable while it exists. */
	readonly id: number;
	/** Absolute, resolved (realpath) folder. */
	readonly path: string;
	/** Prefix of its documents' names while the collection has more than one source. */
	readonly label: string;
	readonly addedAt: string;
	/** When its last completed sync started reading the folder (files renamed since are read again); null before the first. */
	readonly lastSyncAt: string | null;
	readonly lastSync: SyncCounts | null;
};

export type NewSource = SourceSettings & Pick<Source, 'path' | 'label'>;

/** What updateSource may change: settings, the label, or the record of a sync that completed. */
export type SourceChanges = Partial<SourceSettings & Pick<Source, 'label'> & {readonly lastSync: {readonly at: string; readonly counts: SyncCounts}}>;

/**
 * A document given a (maybe new) name and a place: its source, the path within it, the file it is read from.
 * `from` and `to` may be equal: the document then only takes its new place and modification time (adopted,
 * moved on disk under the same name, or touched without a change).
 */
export type DocumentMove = {
	readonly from: string;
	readonly to: string;
	/** null: loose (no source). */
	readonly sourceId: number | null;
	readonly relativePath: string | null;
	/** The file it now is (absolute, resolved): what search hits, `get` and changed-on-disk read; null: none. */
	readonly sourcePath: string | null;
	/** The file's stamp (DocumentInfo.fileSize); absent or null: unknown. */
	readonly fileSize?: number | null;
	readonly mtimeMs: number | null;
	readonly ctimeMs?: number | null;
};

/** What deleting a collection took with it. */
export type CollectionRemoval = {readonly documents: number; readonly chunks: number; readonly sources: number};

/** The embedded store, in the daemon's data folder. */
export type EmbeddedDescription = {readonly backend: 'embedded'; readonly location: string};

/** A PostgreSQL database. */
export type PostgresDescription = {
	readonly backend: 'postgres';
	/** The database's URL without its password. */
	readonly location: string;
	readonly database: string;
	/** PostgreSQL's and pgvector's versions, as the server reports them. */
	readonly server: string;
	readonly pgvector: string;
	/** This daemon's connections: open ones, those in use, the most it opens, and queries waiting for one. */
	readonly pool: {readonly open: number; readonly busy: number; readonly max: number; readonly waiting: number};
};

/** Which backend serves the collections, for /health and `status`. */
export type StorageDescription = EmbeddedDescription | PostgresDescription;
