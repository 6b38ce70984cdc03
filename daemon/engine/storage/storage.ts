import type {ChunkFilter} from './document-filter.js';
import type {
	Collection, CollectionCounts, CollectionRemoval, ContentCounts, DocumentInfo, DocumentMove, DocumentToWrite, ExportedDocument, FieldWeights,
	Fingerprint, ModelSwitch, NewSource, Candidate, Source, SourceChanges, StorageDescription, StoredChunk, SwapOutcome, VectorIndexState,
} from './types.js';
import type {JobBoard} from './job-board.js';

/** What an import writes (DocumentStore.importDocuments). */
export type ImportWrite = {
	/** Folder sources the collection gets, added first. */
	readonly sources: readonly NewSource[];
	/** Documents of the collection renamed before the import's are written (its names follow its sources). */
	readonly moves: readonly DocumentMove[];
	/** The documents, a group at a time, made once the sources are added: given every source of the collection then. */
	readonly groups: (sources: readonly Source[]) => AsyncIterable<readonly DocumentToWrite[]>;
	/** How many vectors the groups bring, when known before they are read (an import's: checked first); a hint for how to write them. */
	readonly vectors?: number;
};

/*
 * The storage seam: everything the engine (ingest, search, export, routes through the engine) needs from where
 * collections live. SQLite + FAISS in one process is one implementation (embedded/embedded-storage.ts); a network
 * database is another. Every call is asynchronous, as a network round trip would be. A backend keeps these
 * promises, which test/storage/contract.ts checks for any of them:
 * - writeDocuments, writeDocumentGroups, importDocuments, deleteDocument and setVectors are atomic: a failure leaves nothing of
 *   the call written;
 * - a collection's vectors share one fingerprint: a write of another one is refused (fingerprint_mismatch, 409);
 * - keywordTopK is exact BM25 (bm25.ts: k1 1.2, b 0.75, Lucene's idf) over md-vector's own keyword tokens, so
 *   a collection ranks the same on every backend;
 * - vectorTopK is by inner product (vectors are unit length: cosine); exact while vectorIndex says `flat`; the
 *   collection it is given names the fingerprint the query was made with, and vectors of another one are never
 *   ranked against it (model_switched, 409, once the collection switched; a null fingerprint: the current one);
 * - a model switch (ModelSwitchStore) keeps its vectors beside the live ones, and its swap replaces all of them
 *   in one transaction that first checks every chunk has one: a search sees one model's vectors, never a mix;
 * - BM25's statistics (row count, average length, document frequency) are those of the collections searched,
 *   not of the whole store: a collection ranks the same whatever else is stored (issue 38); a search over several
 *   ranks their union as one;
 * - moveDocuments, removeSource, deleteCollection and renameCollection are atomic too;
 * - a filter (document-filter.ts: documents by path and front matter, chunks by the phrases and exclusions their
 *   text holds) is applied inside the top-k's own query, from an index: k hits the filter keeps come back whenever
 *   k exist, never fewer because others were ranked first.
 */

/** Collections and their fingerprints. */
export type CollectionCatalog = {
	collection(name: string): Promise<Collection | undefined>;
	/** Creates the collection when it does not exist (recording the chunker version); answers it either way. */
	ensureCollection(name: string, chunkerVersion: number): Promise<Collection>;
	/** Every collection with its counts, by name. */
	collections(): Promise<CollectionCounts[]>;
	/** Deletes the collection with its documents, chunks, vectors and sources, in one transaction. */
	deleteCollection(collection: Collection): Promise<CollectionRemoval>;
	/**
	 * Gives the collection a new name (refused when taken: collection_exists, 409), keeping every document and
	 * vector; chunk ids, which are derived from the name, follow it. Answers the renamed collection.
	 */
	renameCollection(collection: Collection, name: string): Promise<Collection>;
};

/** The folders a collection is filled from (docs/sync-design.md). Paths and labels are unique in a collection. */
export type SourceCatalog = {
	/** The collection's sources, by label. */
	sources(collection: Collection): Promise<Source[]>;
	/** Adds a source; a path or label the collection already has is refused (source_exists, 409). */
	addSource(collection: Collection, source: NewSource): Promise<Source>;
	/** Changes a source's settings or label, or records a completed sync; answers the source (not_found, 404, when absent). */
	updateSource(collection: Collection, id: number, changes: SourceChanges): Promise<Source>;
	/** Deletes a source and its documents in one transaction; answers how many documents and chunks went. */
	removeSource(collection: Collection, id: number): Promise<{documents: number; chunks: number}>;
};

/** Documents and their chunks. */
export type DocumentStore = {
	document(collection: Collection, fileName: string): Promise<DocumentInfo | undefined>;
	/** The stored documents of these names (those that exist, in no order): what a search's hits need, in one read. */
	documentsNamed(collection: Collection, fileNames: readonly string[]): Promise<DocumentInfo[]>;
	/** The collection's documents, by file name. */
	documents(collection: Collection): Promise<DocumentInfo[]>;
	/** A document's chunks in order (empty when there is no such document). */
	chunksOfDocument(collection: Collection, fileName: string): Promise<StoredChunk[]>;
	/** The chunks of these rowids that still exist in the collection. */
	chunks(collection: Collection, rowids: readonly number[]): Promise<Map<number, StoredChunk>>;
	/**
	 * Adds or replaces documents with their chunks, all in one transaction. Records the fingerprint on a
	 * collection's first vectors; refuses vectors of another fingerprint, or whose length differs from it.
	 */
	writeDocuments(collection: Collection, documents: readonly DocumentToWrite[], fingerprint?: Fingerprint): Promise<void>;
	/**
	 * writeDocuments for more documents than memory should hold (an import): taken a group at a time from `groups`
	 * and written, all of them, in one transaction, which nobody else sees before it commits. When a group is
	 * refused or `groups` throws, nothing of any group is written.
	 */
	writeDocumentGroups(collection: Collection, groups: AsyncIterable<readonly DocumentToWrite[]>, fingerprint?: Fingerprint): Promise<void>;
	/**
	 * An import, in one transaction nobody sees before it commits: the collection `name` made when it does not
	 * exist, `write.sources` added, `write.moves` applied (as moveDocuments), then the documents written a group
	 * at a time (as writeDocumentGroups). When any step fails, nothing of it is written. Answers the collection.
	 */
	importDocuments(name: string, chunkerVersion: number, write: ImportWrite, fingerprint?: Fingerprint): Promise<Collection>;
	/** Deletes a document with its chunks; answers how many chunks it had, or undefined when it did not exist. */
	deleteDocument(collection: Collection, fileName: string): Promise<number | undefined>;
	/**
	 * A sync's bookkeeping in one transaction: deletes the `remove` documents, then gives each `move` its new name
	 * and place (source, relative path, mtime), keeping its chunks and vectors. Moves may form chains and cycles
	 * (a -> b while b -> a): every name is checked once all of them moved. A name left taken is refused whole.
	 */
	moveDocuments(collection: Collection, changes: {readonly remove: readonly string[]; readonly move: readonly DocumentMove[]}): Promise<void>;
	/** The text a document was indexed from; undefined when none was kept (stored before texts were, or imported). */
	documentText(collection: Collection, fileName: string): Promise<string | undefined>;
};

/** Vectors: reused by text hash, filled in later, ranked. */
export type VectorStore = {
	/** Stored vectors of chunks with these text hashes: unchanged chunks are not embedded again. */
	vectorsByHash(collection: Collection, hashes: readonly string[]): Promise<Map<string, Float32Array>>;
	/** Up to `limit` chunks stored without a vector (ingested while no model was loaded), with the text to embed. */
	chunksWithoutVectors(collection: Collection, limit: number): Promise<Array<{rowid: number; text: string}>>;
	/** Gives vectors to chunks that have none (others are left as they are), in one transaction. */
	setVectors(collection: Collection, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, fingerprint: Fingerprint): Promise<void>;
	/** The `k` chunks nearest to the query vector, best first; with a filter, among the chunks it keeps. */
	vectorTopK(collection: Collection, query: Float32Array, k: number, filter?: ChunkFilter): Promise<Candidate[]>;
	vectorIndex(collection: Collection): Promise<VectorIndexState>;
};

/**
 * A collection's switch to another model: its vectors are made beside the live ones (which go on answering), the
 * state is stored (a switch survives a restart and resumes where it was), and the swap is one transaction.
 * Chunks deleted meanwhile take their new vectors with them; chunks written meanwhile have none until given one.
 */
export type ModelSwitchStore = {
	/**
	 * Begins the collection's switch to `target`, or answers the one under way to it; a switch to another target
	 * is replaced (its vectors discarded). The live vectors and fingerprint are untouched.
	 */
	beginModelSwitch(collection: Collection, target: Fingerprint): Promise<ModelSwitch>;
	/** Every switch under way, with its progress. */
	modelSwitches(): Promise<ModelSwitch[]>;
	/** The collection's switch under way, with its progress; undefined when none. */
	modelSwitch(collection: Collection): Promise<ModelSwitch | undefined>;
	/** Up to `limit` chunks with rowids above `after` and no vector of the switch's target yet, in rowid order, with the text to embed. */
	chunksForSwitch(collection: Collection, after: number, limit: number): Promise<Array<{rowid: number; text: string}>>;
	/**
	 * Stores vectors of the target for chunks that still exist, in one transaction; refused (switch_gone, 409)
	 * when the collection is not switching to `target` any more. Answers how many were stored.
	 */
	setSwitchVectors(collection: Collection, target: Fingerprint, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>): Promise<number>;
	/**
	 * The swap, in one transaction: when every chunk of the collection has a vector of `target`, they replace the
	 * live vectors, the fingerprint becomes `target` and the switch ends. Otherwise nothing changes, and the answer
	 * says how many chunks lack one. switch_gone (409) when no switch to `target` is under way.
	 */
	completeModelSwitch(collection: Collection, target: Fingerprint): Promise<SwapOutcome>;
	/** Ends the collection's switch, discarding its vectors (the live ones stay); answers whether one was under way. */
	cancelModelSwitch(collection: Collection): Promise<boolean>;
};

/** BM25 over keyword tokens. */
export type KeywordIndex = {
	/**
	 * The best `limit` chunks of these collections (one ranking over their union, with its statistics) holding any of
	 * `terms` (keyword tokens), best first; with a filter, among the chunks it keeps. `withChunks`: a backend may
	 * answer each candidate's chunk too (Candidate.chunk), where reading it after is a round trip more (PostgreSQL).
	 */
	keywordTopK(collections: readonly Collection[], terms: readonly string[], limit: number, weights: FieldWeights, filter?: ChunkFilter, options?: {readonly withChunks?: boolean}): Promise<Candidate[]>;
};

/** Export, a page at a time: memory stays flat however large the collection. */
export type ExportReader = {
	/**
	 * Up to `limit` documents whose file names sort after `after` (all of them from the start when undefined),
	 * by file name, each whole with its chunks in order. An empty page is the end.
	 */
	exportPage(collection: Collection, after: string | undefined, limit: number): Promise<ExportedDocument[]>;
};

export type StorageUsage = {
	stats(collection: Collection): Promise<ContentCounts>;
	/** Bytes the backend takes on disk (0 when it cannot tell). */
	diskBytes(): Promise<number>;
	/** The backend and where it keeps the collections (for a database: its server's versions and this daemon's connections). */
	describe(): Promise<StorageDescription>;
};

/** Background work of the backend (index builds, index files), and its end. */
export type StorageLifecycle = {
	/** Holds background work off while a bulk write runs (a directory ingestion); answers its release. */
	holdBackgroundWork(): () => void;
	/**
	 * Runs `work` while this process owns the job `key` (an ingestion of one folder into one collection, the
	 * filling-in of vectors) among every daemon on this storage: another one asking for the same job waits
	 * until it ends. A single-process backend runs it at once (its data lock already keeps other daemons out).
	 */
	ownJob<T>(key: string, work: () => Promise<T>): Promise<T>;
	/** Where jobs are kept for every daemon of a shared backend (job-board.ts); undefined for a single-process one. */
	jobBoard(): JobBoard | undefined;
	/** Does now the background work that waits for writes to settle, and waits for it. */
	settle(): Promise<void>;
	/** Finishes pending work, saves what needs saving, closes. */
	close(): Promise<void>;
};

export type Storage = CollectionCatalog & SourceCatalog & DocumentStore & VectorStore & ModelSwitchStore & KeywordIndex & ExportReader & StorageUsage & StorageLifecycle;
