import {withSearchDefaults, type SearchInput} from '../../common/search-contract.js';
import type {EmbedderState} from './embedder/embedder.js';
import type {Storage} from './storage/storage.js';
import type {Collection, DocumentInfo} from './storage/types.js';
import {EmbeddedStorage, type EmbeddedOptions} from './storage/embedded-storage.js';
import {chunkerVersion} from './chunker/chunk-markdown.js';
import {SerialQueue} from './serial-queue.js';
import {VectorFill, type FillProgress} from './vector-fill.js';
import {invalidInput, notFound, storageFailure} from './errors.js';
import {BackgroundProblems} from './background-problems.js';
import {dataFolderProbe} from './data-folder-probe.js';
import {checkCollectionName, checkFileName} from './names.js';
import {prepareDocument} from './ingest/prepare-document.js';
import {writeDocuments, type IngestMode, type WriteContext} from './ingest/write-documents.js';
import {ingestDirectory, type DirectoryOptions, type DirectoryReport} from './ingest/ingest-directory.js';
import {runSearch} from './search/run-search.js';
import type {SearchOutcome} from './search/types.js';
import {documentSection, type DocumentSection} from './search/document-section.js';
import {exportCollection} from './export/write-export.js';
import {parseExport} from './export/read-export.js';
import type {ExportFormat} from './export/export-format.js';
import type {CollectionStats, CollectionSummary, DeleteResult, DocumentSummary, ImportResult, IngestResult} from './engine-types.js';

export type EngineOptions = EmbeddedOptions;

export type IngestRequest = {
	readonly content: string;
	readonly fileName: string;
	readonly collection: string;
	readonly mode?: IngestMode;
	readonly sourcePath?: string;
};

/**
 * md-vector's engine: Markdown in, ranked chunks out, in domain types (daemon/wire maps them for the API).
 * The storage (storage/storage.ts) is the system of record and ranks; the engine chunks, embeds, checks and
 * orders. Writes go through one queue; searches run alongside.
 */
export class Engine {
	/** An engine on the embedded storage (SQLite + FAISS) in `dataDir`. */
	static open(options: EngineOptions): Engine {
		const problems = new BackgroundProblems(options.log);
		problems.addProbe(dataFolderProbe(options.dataDir));
		return new Engine(EmbeddedStorage.open({...options, problems}), problems);
	}

	private embedderState: EmbedderState = {status: 'unavailable', modelId: 'none', reason: 'no embedding model was configured'};
	private readonly writes = new SerialQueue();
	private backfill: Promise<void> = Promise.resolve();
	private readonly vectorFill = new VectorFill();

	/**
	 * @param problems Failures of background work and a full or read-only data folder, for /health: the one the
	 * storage reports to (Engine.open gives both the same).
	 */
	constructor(private readonly storage: Storage, readonly problems = new BackgroundProblems()) {
		// Fields only.
	}

	get embedder(): EmbedderState {
		return this.embedderState;
	}

	/** Sets the model; once one is ready, chunks stored without vectors are embedded in the background. */
	setEmbedder(state: EmbedderState): void {
		this.embedderState = state;
		if (state.status === 'ready') {
			// One daemon fills a shared database's missing vectors; the others find them filled once it is done.
			this.backfill = this.storage.ownJob('vector-fill', async () => this.writes.run(async () => this.vectorFill.run(this.storage, state.embedder))).then(() => {
				this.problems.resolve('backfill');
			}, (error: unknown) => {
				this.problems.report('backfill', `embedding the chunks stored without vectors failed (${error instanceof Error ? error.message : String(error)}); they are tried again at the next start`);
			});
		}
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
		return (await this.storage.collections()).map(({name, count, documents}) => ({name, count, documents}));
	}

	async ingest(request: IngestRequest): Promise<IngestResult> {
		const collectionName = checkCollectionName(request.collection);
		const fileName = checkFileName(request.fileName);
		const prepared = prepareDocument(request.content, fileName, request.sourcePath);
		const [outcome] = await this.write(async () =>
			writeDocuments(this.writeContext(), await this.ensureCollection(collectionName), [prepared], request.mode ?? 'default'));
		return {chunks: outcome!.chunks, file: fileName, collection: collectionName, outcome: outcome!.status};
	}

	async ingestDirectory(collection: string, options: DirectoryOptions): Promise<DirectoryReport> {
		const name = checkCollectionName(collection);
		// Daemons sharing a database take turns at one folder into one collection (the later one then finds it done).
		return this.storage.ownJob(`ingest-directory\0${name}\0${options.directory}`, async () => {
			const release = this.storage.holdBackgroundWork();
			try {
				return await ingestDirectory({
					stored: async fileName => this.storage.document(await this.ensureCollection(name), fileName),
					write: async documents => this.write(async () => writeDocuments(this.writeContext(), await this.ensureCollection(name), documents, options.mode)),
				}, options);
			} finally {
				release();
			}
		});
	}

	/** Searches with the defaults of common/search-contract applied to what the caller left out. */
	async search(input: SearchInput): Promise<SearchOutcome> {
		const request = withSearchDefaults(input);
		const collection = await this.requireCollection(request.collection);
		const state = this.embedderState;
		let embedder = state.status === 'ready' ? state.embedder : undefined;
		let problem = state.status === 'loading' ? `the model ${state.modelId} is still loading` : (state.status === 'unavailable' ? state.reason : '');
		if (embedder && collection.modelId && (collection.modelId !== embedder.modelId || collection.dims !== embedder.dims)) {
			problem = `collection '${collection.name}' holds vectors of ${collection.modelId}, but the loaded model is ${embedder.modelId}`;
			embedder = undefined;
		}

		const response = await runSearch({storage: this.storage, embedder, embedderProblem: problem}, collection, request);
		// Vectors still being filled in: the semantic side ranks only part of the collection, and says so.
		const filling = embedder && request.mode !== 'keyword' ? await this.vectorFill.notice(this.storage, collection) : undefined;
		return filling ? {...response, notice: response.notice ? `${response.notice}; ${filling}` : filling} : response;
	}

	async deleteDocument(collection: string, fileName: string): Promise<DeleteResult> {
		checkFileName(fileName);
		return this.write(async () => {
			const row = await this.requireCollection(collection);
			const deleted = await this.storage.deleteDocument(row, fileName);
			if (deleted === undefined) {
				throw notFound(`document '${fileName}' does not exist in collection '${row.name}'`);
			}

			return {file: fileName, collection: row.name, deletedChunks: deleted};
		});
	}

	async stats(collection: string): Promise<CollectionStats> {
		const row = await this.requireCollection(collection);
		const [counts, index, fill] = await Promise.all([this.storage.stats(row), this.storage.vectorIndex(row), this.vectorFill.of(this.storage, row)]);
		return {collection: row.name, ...counts, model: row.modelId, dims: row.dims, chunkerVersion: row.chunkerVersion, index, vectorFill: fill ?? null};
	}

	/**
	 * The part of a document under a heading path (search/document-section.ts), with the document's name and
	 * collection. Undefined when the document or the section does not exist.
	 */
	async documentSection(collection: string, fileName: string, headingPath: readonly string[]): Promise<DocumentSection & {file: string; collection: string} | undefined> {
		const chunks = await this.storage.chunksOfDocument(await this.requireCollection(collection), fileName);
		const section = documentSection(chunks, headingPath);
		return section && {file: fileName, collection, ...section};
	}

	/** The stored document (content hash, source path: to tell whether its file changed since); undefined when absent. */
	async document(collection: string, fileName: string): Promise<DocumentInfo | undefined> {
		const row = await this.storage.collection(collection);
		return row ? this.storage.document(row, fileName) : undefined;
	}

	async documents(collection: string): Promise<DocumentSummary[]> {
		const row = await this.requireCollection(collection);
		return (await this.storage.documents(row)).map(document => ({file: document.fileName, chunks: document.chunkCount, contentHash: document.contentHash}));
	}

	/** The collection in a format, as parts to send in order; read a page at a time. Throws before the first part when the collection does not exist. */
	async export(collection: string, format: ExportFormat): Promise<AsyncIterable<string>> {
		return exportCollection(this.storage, await this.requireCollection(collection), format);
	}

	/**
	 * Restores an export (json or jsonl, whole or as a stream of lines) into its collection, or into `collection`
	 * when given. All of it is checked before anything is written, then written in one transaction.
	 */
	async import(input: string | AsyncIterable<string>, collection?: string): Promise<ImportResult> {
		const parsed = await parseExport(typeof input === 'string' ? input.split('\n') : input);
		const name = checkCollectionName(collection ?? parsed.header.collection);
		if (parsed.header.chunker_version !== chunkerVersion) {
			throw invalidInput(`import: the export was made by chunker v${parsed.header.chunker_version}; this version uses v${chunkerVersion}`);
		}

		return this.write(async () => {
			const row = await this.ensureCollection(name);
			// Every vector was checked by parseExport (dimensions, finite, unit length) before this write.
			const fingerprint = parsed.header.model_id && parsed.header.dims ? {modelId: parsed.header.model_id, dims: parsed.header.dims} : undefined;
			await this.storage.writeDocuments(row, parsed.documents, fingerprint);
			return {collection: name, documents: parsed.documents.length, chunks: parsed.documents.reduce((sum, document) => sum + document.chunks.length, 0)};
		});
	}

	async diskBytes(): Promise<number> {
		return this.storage.diskBytes();
	}

	/** Does now the index work that waits for writes to settle (builds, files), and waits for it. */
	async settleIndexes(): Promise<void> {
		await this.writes.run(() => undefined);
		await this.storage.settle();
	}

	/** Waits for queued writes, stops index builds, writes the index files, closes the storage. */
	async close(): Promise<void> {
		await this.writes.run(() => undefined);
		await this.storage.close();
	}

	/** Runs a write in the one write queue; a full or read-only data folder is a 507 that says so. */
	private async write<T>(task: () => Promise<T>): Promise<T> {
		try {
			return await this.writes.run(task);
		} catch (error) {
			throw storageFailure(error);
		}
	}

	private writeContext(): WriteContext {
		const state = this.embedderState;
		return {storage: this.storage, embedder: state.status === 'ready' ? state.embedder : undefined};
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
