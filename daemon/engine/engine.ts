import os from 'node:os';
import path from 'node:path';
import type {SearchInput} from '../../common/search-contract.js';
import type {CollectionSyncReport} from './sources/sync-report.js';
import type {DirectoryReport} from './sources/sync-totals.js';
import type {EmbedderState} from './embedder/embedder.js';
import {EngineModels, type EngineModelsOptions} from './models/engine-models.js';
import type {Storage} from './storage/storage.js';
import type {JobBoard} from './storage/job-board.js';
import type {Collection, DocumentInfo, StorageDescription} from './storage/types.js';
import {chunkerVersion} from './chunker/chunk-markdown.js';
import {WriteQueue, type WriteQueueState} from './write-queue.js';
import {VectorFill, type FillProgress} from './vector-fill.js';
import {notFound, storageFailure} from './errors.js';
import {BackgroundProblems} from './background-problems.js';
import {checkCollectionName, checkLookupName} from './names.js';
import {commitGroup, embedGroup, type IngestPipeline} from './ingest/ingest-pipeline.js';
import {FolderSources, type SourceRequest, type SyncRun} from './sources/folder-sources.js';
import type {ApplyTarget} from './sources/apply-sync.js';
import type {FolderCheck} from './sources/folder-check.js';
import {deleteDocument} from './documents/delete-document.js';
import {collectionStats, collectionSummaries} from './collections/collection-reads.js';
import {ingestDocument, type IngestRequest} from './ingest/ingest-document.js';
import {searchCollections} from './search/search-collections.js';
import type {SearchOutcome} from './search/types.js';
import type {DocumentSection} from './search/document-section.js';
import type {DocumentLines, GetRequest} from './documents/get-document.js';
import {linesOf, sectionOf, summariesOf} from './documents/document-reads.js';
import {exportCollection} from './export/write-export.js';
import type {ImportGuard} from './export/read-import.js';
import {importCollection} from './export/import-collection.js';
import {ImportSpool} from './export/import-spool.js';
import type {ExportFormat} from './export/export-format.js';
import type {CollectionDeletion, CollectionStats, CollectionSummary, DeleteResult, SourceRemoval, SourceSummary, DocumentSummary, ImportResult, IngestResult} from './engine-answers.js';

export type {IngestRequest} from './ingest/ingest-document.js';
export {importFolderOf} from './export/import-spool.js';

/**
 * md-vector's engine: Markdown in, ranked chunks out, in domain types (daemon/to-wire maps them for the API).
 * The storage (storage/storage.ts) is the system of record and ranks; the engine chunks, embeds, checks and
 * orders. Writes go through one queue; searches run alongside.
 */
export class Engine {
	/** The models: the default, each collection's own, and model switches (models/engine-models.ts). */
	readonly models: EngineModels;
	private readonly writes = new WriteQueue();
	private backfill: Promise<void> = Promise.resolve();
	private readonly vectorFill = new VectorFill();
	private readonly folders: FolderSources;

	private readonly importFolder: string;
	private readonly pipeline: IngestPipeline;

	/**
	 * @param problems Failures of background work and a full or read-only data folder, for /health: the one the
	 * storage reports to (give both the same).
	 * @param options.importFolder Where an import's checked documents wait until all are checked (importFolderOf
	 * the data folder); spools an earlier process left there are removed.
	 * @param options.models When models other than the default are released, and where that is logged.
	 * @param options.allowedRoots The daemon's allowed roots: a followed folder that resolves elsewhere than
	 * where it was recorded (a link swapped in) is read only inside them (sources/folder-check.ts).
	 */
	constructor(private readonly storage: Storage, readonly problems = new BackgroundProblems(), options: {readonly importFolder?: string; readonly models?: EngineModelsOptions; readonly allowedRoots?: () => readonly string[]} = {}) {
		this.folders = new FolderSources(storage, name => this.syncTarget(name), options.allowedRoots);
		this.models = new EngineModels({
			storage, write: async (label, task) => this.write(label, task), requireCollection: async name => this.requireCollection(name), options: options.models,
			onReady: (embedder, isDefault) => {
				// Chunks stored while no model was loaded get their vectors (one fill-in at a time).
				this.backfill = this.backfill.then(async () => this.vectorFill.inBackground(this.storage, embedder, this.writes, this.problems, isDefault));
			},
		});
		const {ofCollections} = this.models;
		this.pipeline = {
			storage,
			embedderFor: async collection => ofCollections.forWriting(collection),
			embedderNow: collection => ofCollections.now(collection),
			queue: async (label, task) => this.write(label, task),
			ensureCollection: async name => this.ensureCollection(name),
		};
		this.importFolder = options.importFolder ?? path.join(os.tmpdir(), 'md-vector-imports');
		if (options.importFolder) {
			ImportSpool.clean(options.importFolder);
		}
	}

	/** The default model's state. */
	get embedder(): EmbedderState {
		return this.models.defaultState;
	}

	/**
	 * Sets the default model (by its reference: a ready embedder's modelId, else the state's); once one is ready,
	 * chunks stored without vectors are embedded in the background.
	 */
	setEmbedder(state: EmbedderState, reference = state.status === 'ready' ? state.embedder.modelId : state.modelId): void {
		this.models.setDefault(reference, state);
	}

	/** The write running and those waiting behind it (for /health and `status`). */
	get writeQueue(): WriteQueueState {
		return this.writes.state;
	}

	/** Vectors being filled in after a model became available (all collections); undefined when none are. */
	get vectorFillProgress(): FillProgress | undefined {
		return this.vectorFill.current;
	}

	/** Resolves when vectors missing at the last setEmbedder have been filled in. */
	async settled(): Promise<void> {
		await this.backfill;
	}

	async collections(): Promise<CollectionSummary[]> {
		return collectionSummaries(this.storage);
	}

	/** Each collection's fingerprint: the model id its vectors came from (null while it has none). */
	async collectionModels(): Promise<Array<{collection: string; model: string | null}>> {
		return (await this.storage.collections()).map(row => ({collection: row.name, model: row.modelId}));
	}

	/** Deletes a collection with its documents, vectors and sources. */
	async deleteCollection(collection: string): Promise<CollectionDeletion> {
		return this.folders.exclusive(async () => this.write(`deleting collection ${collection}`, async () => {
			const row = await this.requireCollection(collection);
			const removal = await this.storage.deleteCollection(row);
			return {collection: row.name, deletedDocuments: removal.documents, deletedChunks: removal.chunks, deletedSources: removal.sources};
		}));
	}

	/** Renames a collection, keeping every document, vector and source (409 collection_exists when the name is taken). */
	async renameCollection(collection: string, name: string): Promise<{collection: string; previous: string}> {
		const next = checkCollectionName(name);
		return this.folders.exclusive(async () => this.write(`renaming collection ${collection}`, async () => {
			const row = await this.requireCollection(collection);
			await this.storage.renameCollection(row, next);
			return {collection: next, previous: row.name};
		}));
	}

	/** Removes a folder source and its documents (see FolderSources.removeSource). */
	async removeSource(collection: string, folder: string): Promise<SourceRemoval> {
		return this.folders.removeSource(await this.requireCollection(collection), folder);
	}

	async ingest(request: IngestRequest): Promise<IngestResult> {
		return ingestDocument(this.pipeline, async (name, file) => this.folders.placeOf(await this.storage.collection(name), file), request);
	}

	/**
	 * Adds a folder as a source of the collection (or re-applies its settings when it is one) and syncs it: the
	 * collection then holds exactly its Markdown files. The report lists what was added, changed, renamed, removed.
	 */
	async ingestDirectory(collection: string, options: SyncRun & SourceRequest & {readonly directory: string}): Promise<DirectoryReport> {
		const name = checkCollectionName(collection);
		// Daemons sharing a database take turns at one folder into one collection (the later one then finds it done).
		return this.storage.ownJob(`ingest-directory\0${name}\0${options.directory}`, async () =>
			this.folders.addAndSync(await this.ensureCollection(name), options.directory, options, options));
	}

	/** Re-syncs every source of one collection, or of every collection that has sources. */
	async update(collection: string | undefined, run: SyncRun): Promise<DirectoryReport> {
		const rows = collection === undefined ? await this.storage.collections() : [await this.requireCollection(collection)];
		// Daemons sharing a database take turns at an update of the same scope.
		return this.storage.ownJob(`update\0${collection ?? '*'}`, async () => this.folders.update(rows, run));
	}

	/**
	 * Syncs one source after a watcher's batch: the whole source is walked (stat only), and files it reported are
	 * read whatever their size and mtime say; `rescan` reads every file. Undefined when the collection is gone.
	 * `mayRead`: the followers' rule for the folder's real path (the engine's own applies too).
	 */
	async syncWatched(collection: string, sourceId: number, batch: {readonly paths: readonly string[]; readonly rescan: boolean}, mayRead?: FolderCheck): Promise<CollectionSyncReport | undefined> {
		const row = await this.storage.collection(collection);
		if (!row) {
			return undefined;
		}

		return this.folders.syncOne(row, sourceId, {mode: 'default', reread: new Map([[sourceId, new Set(batch.paths)]]), rescan: batch.rescan, mayRead});
	}

	/** The collection's folder sources, by label, with their document counts. */
	async sources(collection: string): Promise<SourceSummary[]> {
		return this.folders.sources(await this.requireCollection(collection));
	}

	/** Searches with the defaults of common/search-contract applied to what the caller left out, each collection with its own model. */
	async search(input: SearchInput): Promise<SearchOutcome> {
		return searchCollections({storage: this.storage, models: this.models.ofCollections, vectorFill: this.vectorFill, requireCollection: async name => this.requireCollection(name)}, input);
	}

	/** Deletes a document (and its collection when that leaves it empty and without folder sources: documents/delete-document.ts). */
	async deleteDocument(collection: string, requested: string): Promise<DeleteResult> {
		checkLookupName(requested);
		return this.write(`deleting ${requested} from ${collection}`, async () => deleteDocument(this.storage, await this.requireCollection(collection), requested));
	}

	async stats(collection: string): Promise<CollectionStats> {
		return collectionStats(this.storage, this.vectorFill, await this.requireCollection(collection));
	}

	/**
	 * The part of a document under a heading path (search/document-section.ts), with the document's name and
	 * collection. Undefined when the document or the section does not exist.
	 */
	async documentSection(collection: string, fileName: string, headingPath: readonly string[]): Promise<DocumentSection & {file: string; collection: string} | undefined> {
		return sectionOf(this.storage, await this.requireCollection(collection), fileName, headingPath);
	}

	/** The stored document (content hash, source path: to tell whether its file changed since); undefined when absent. */
	async document(collection: string, fileName: string): Promise<DocumentInfo | undefined> {
		const row = await this.storage.collection(collection);
		return row ? this.storage.document(row, fileName) : undefined;
	}

	/** A stored document, some of its lines or one section, as it was indexed, and whether its file changed since. */
	async getDocument(collection: string, fileName: string, request: GetRequest): Promise<DocumentLines & {file: string; collection: string}> {
		return linesOf(this.storage, await this.requireCollection(collection), fileName, request);
	}

	async documents(collection: string): Promise<DocumentSummary[]> {
		return summariesOf(this.storage, await this.requireCollection(collection));
	}

	/** The collection in a format, as parts to send in order; read a page at a time. Throws before the first part when the collection does not exist. */
	async export(collection: string, format: ExportFormat): Promise<AsyncIterable<string>> {
		return exportCollection(this.storage, await this.requireCollection(collection), format);
	}

	/** Restores an export (json or jsonl, as it streams in) with its sources: see export/import-collection.ts. */
	async import(input: string | AsyncIterable<string | Uint8Array>, collection?: string, guard?: ImportGuard): Promise<ImportResult> {
		const target = {storage: this.storage, spoolFolder: this.importFolder, exclusive: async <T>(task: () => Promise<T>) => this.folders.exclusive(async () => this.write(`import into ${collection ?? 'the collection its export names'}`, task))};
		return importCollection(target, input, collection, guard);
	}

	async diskBytes(): Promise<number> {
		return this.storage.diskBytes();
	}

	/** Where the jobs of every daemon of a shared database are kept; undefined for the embedded store. */
	jobBoard(): JobBoard | undefined {
		return this.storage.jobBoard();
	}

	/** The storage backend and where it keeps the collections (/health, `status`). */
	async describeStorage(): Promise<StorageDescription> {
		return this.storage.describe();
	}

	/** Does now the index work that waits for writes to settle (builds, files), and waits for it. */
	async settleIndexes(): Promise<void> {
		await this.writes.run('waiting for the writes before it', () => undefined);
		await this.storage.settle();
	}

	/** Waits for queued writes, stops index builds, writes the index files, closes the storage. */
	async close(): Promise<void> {
		await this.writes.run('waiting for the writes before it', () => undefined);
		await this.storage.close();
	}

	/** Runs a write in the one write queue; a full or read-only data folder is a 507 that says so. */
	private async write<T>(label: string, task: () => Promise<T>): Promise<T> {
		try {
			return await this.writes.run(label, task);
		} catch (error) {
			throw storageFailure(error);
		}
	}

	private syncTarget(name: string): ApplyTarget {
		return {
			storage: this.storage,
			queue: async task => this.write(`sync of ${name}`, task),
			embed: async (documents, mode, signal, onVectors) => embedGroup(this.pipeline, name, documents, mode, signal, onVectors),
			commit: async embedded => commitGroup(this.pipeline, name, embedded),
		};
	}

	private async ensureCollection(name: string): Promise<Collection> {
		return this.storage.ensureCollection(name, chunkerVersion);
	}

	private async requireCollection(name: string): Promise<Collection> {
		const row = await this.storage.collection(checkCollectionName(name));
		if (!row) {
			throw notFound(`collection '${name}' does not exist`);
		}

		return row;
	}
}
