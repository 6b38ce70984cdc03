import path from 'node:path';
import {withSearchDefaults, type SearchInput} from '../../common/search-contract.js';
import type {EmbedderState} from './embedder/embedder.js';
import {Store} from './store/store.js';
import type {CollectionRow} from './store/types.js';
import {CollectionIndexes, type IndexOptions} from './vector-index/collection-indexes.js';
import type {IndexKind} from './vector-index/vector-index.js';
import {chunkerVersion} from './chunker/chunk-markdown.js';
import {SerialQueue} from './serial-queue.js';
import {VectorFill, type FillProgress} from './vector-fill.js';
import {invalidInput, notFound} from './errors.js';
import {checkCollectionName, checkFileName} from './names.js';
import {prepareDocument} from './ingest/prepare-document.js';
import {writeDocuments, type FileOutcome, type IngestMode, type WriteContext} from './ingest/write-documents.js';
import {ingestDirectory, type DirectoryOptions, type DirectoryReport} from './ingest/ingest-directory.js';
import {runSearch} from './search/run-search.js';
import type {SearchResponse} from './search/types.js';
import {exportCollection} from './export/write-export.js';
import {parseExport} from './export/read-export.js';
import type {ExportFormat} from './export/export-format.js';

export type EngineOptions = IndexOptions & {
	/** Folder of the store and the index files. */
	readonly dataDir: string;
};

export type IngestRequest = {
	readonly content: string;
	readonly fileName: string;
	readonly collection: string;
	readonly mode?: IngestMode;
	readonly sourcePath?: string;
};

export type IngestResult = {
	readonly status: 'ok';
	readonly chunks: number;
	readonly file: string;
	readonly collection: string;
	/** indexed, or unchanged (skipped by incremental mode). */
	readonly outcome: FileOutcome['status'];
};

export type DocumentSection = {
	readonly file: string;
	readonly collection: string;
	readonly heading_path: readonly string[];
	/** null when the heading has no text of its own (only subsections). */
	readonly heading_level: number | null;
	readonly start_line: number;
	readonly end_line: number;
	readonly content: string;
};

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
	readonly vector_fill: FillProgress | null;
};

/**
 * md-vector's engine: Markdown in, ranked chunks out. The store is the system of record; vector indexes
 * follow it. Writes go through one queue; searches run alongside.
 */
export class Engine {
	static open(options: EngineOptions): Engine {
		const store = Store.open(path.join(options.dataDir, 'md-vector.sqlite'));
		return new Engine(store, new CollectionIndexes(store, path.join(options.dataDir, 'indexes'), options));
	}

	private embedderState: EmbedderState = {status: 'unavailable', modelId: 'none', reason: 'no embedding model was configured'};
	private readonly writes = new SerialQueue();
	private backfill: Promise<void> = Promise.resolve();
	private readonly vectorFill = new VectorFill();

	private constructor(readonly store: Store, private readonly indexes: CollectionIndexes) {
		for (const collection of store.collections()) {
			// Load (or rebuild) at start, on the index thread, not on the first search.
			indexes.open(collection).catch(() => undefined);
		}
	}

	get embedder(): EmbedderState {
		return this.embedderState;
	}

	/** Sets the model; once one is ready, chunks stored without vectors are embedded in the background. */
	setEmbedder(state: EmbedderState): void {
		this.embedderState = state;
		if (state.status === 'ready') {
			this.backfill = this.writes.run(async () => this.vectorFill.run(this.store, state.embedder, async (collection, change) => this.indexes.apply(collection, change))).catch(() => undefined);
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

	collections(): Array<{name: string; count: number; documents: number}> {
		return this.store.collections().map(({name, count, documents}) => ({name, count, documents}));
	}

	async ingest(request: IngestRequest): Promise<IngestResult> {
		const collectionName = checkCollectionName(request.collection);
		const fileName = checkFileName(request.fileName);
		const prepared = prepareDocument(request.content, fileName, request.sourcePath);
		const [outcome] = await this.writes.run(async () =>
			writeDocuments(this.writeContext(), this.ensureCollection(collectionName), [prepared], request.mode ?? 'default'));
		return {status: 'ok', chunks: outcome!.chunks, file: fileName, collection: collectionName, outcome: outcome!.status};
	}

	async ingestDirectory(collection: string, options: DirectoryOptions): Promise<DirectoryReport> {
		const name = checkCollectionName(collection);
		const release = this.indexes.hold();
		try {
			return await ingestDirectory(() => this.writeContext(), () => this.ensureCollection(name), async task => this.writes.run(task), options);
		} finally {
			release();
		}
	}

	/** Searches with the defaults of common/search-contract applied to what the caller left out. */
	async search(input: SearchInput): Promise<SearchResponse> {
		const request = withSearchDefaults(input);
		const collection = this.requireCollection(request.collection);
		const state = this.embedderState;
		let embedder = state.status === 'ready' ? state.embedder : undefined;
		let problem = state.status === 'loading' ? `the model ${state.modelId} is still loading` : (state.status === 'unavailable' ? state.reason : '');
		if (embedder && collection.modelId && (collection.modelId !== embedder.modelId || collection.dims !== embedder.dims)) {
			problem = `collection '${collection.name}' holds vectors of ${collection.modelId}, but the loaded model is ${embedder.modelId}`;
			embedder = undefined;
		}

		const vectorSearch = async (query: Float32Array, k: number) => this.indexes.search(collection, query, k);
		const response = await runSearch({store: this.store, vectorSearch, embedder, embedderProblem: problem}, collection, request);
		// Vectors still being filled in: the semantic side ranks only part of the collection, and says so.
		const filling = embedder && request.mode !== 'keyword' ? this.vectorFill.notice(this.store, collection) : undefined;
		return filling ? {...response, notice: response.notice ? `${response.notice}; ${filling}` : filling} : response;
	}

	async deleteDocument(collection: string, fileName: string): Promise<{status: 'ok'; file: string; collection: string; deleted_chunks: number}> {
		checkFileName(fileName);
		return this.writes.run(async () => {
			const row = this.requireCollection(collection);
			const deleted = this.store.deleteDocument(row, fileName);
			if (!deleted) {
				throw notFound(`document '${fileName}' does not exist in collection '${row.name}'`);
			}

			await this.indexes.apply(row, {removed: deleted.removed, added: []});
			return {status: 'ok' as const, file: fileName, collection: row.name, deleted_chunks: deleted.chunks};
		});
	}

	async stats(collection: string): Promise<CollectionStats> {
		const row = this.requireCollection(collection);
		const counts = this.store.stats(row.id);
		const index = await this.indexes.describe(row);
		return {
			collection: row.name, ...counts, model: row.modelId, dims: row.dims, chunker_version: row.chunkerVersion,
			index_vectors: index.vectors, index_kind: index.kind, index_rebuilding: index.rebuilding, vector_fill: this.vectorFill.of(this.store, row) ?? null,
		};
	}

	/**
	 * The part of a document under a heading path (its chunks in order, joined), e.g. ['Guide', 'Install']; the
	 * document title may be left out of the path. Undefined when the document or the section does not exist.
	 */
	documentSection(collection: string, fileName: string, headingPath: readonly string[]): DocumentSection | undefined {
		const chunks = this.store.chunksOfDocument(this.requireCollection(collection).id, fileName);
		const wanted = headingPath.map(heading => heading.trim().toLowerCase());
		// Where the wanted path starts in a chunk's path: 0, or 1 when the document title was left out.
		const offsetIn = (path: readonly string[]) => [0, 1].find(offset => wanted.every((heading, index) => path[index + offset]?.toLowerCase() === heading));
		const section = chunks.filter(chunk => offsetIn(chunk.headingPath) !== undefined);
		if (section.length === 0) {
			return undefined;
		}

		const first = section[0]!;
		const matched = first.headingPath.slice(0, offsetIn(first.headingPath)! + wanted.length);
		// The heading's own level when it has text directly under it; null when its text is all in subsections.
		const own = section.find(chunk => chunk.headingPath.length === matched.length && chunk.headingLevel > 0);
		return {
			file: fileName, collection, heading_path: matched, heading_level: wanted.length === 0 ? 0 : (own?.headingLevel ?? null),
			start_line: first.startLine, end_line: section.at(-1)!.endLine, content: section.map(chunk => chunk.content).join('\n\n'),
		};
	}

	/** The stored content hash and source path of a document (to tell whether its file changed since). */
	documentSource(collection: string, fileName: string): {contentHash: string; sourcePath: string | null} | undefined {
		const row = this.store.collection(collection);
		return row ? this.store.documentSource(row.id, fileName) : undefined;
	}

	documents(collection: string): Array<{file: string; chunks: number; content_hash: string}> {
		const row = this.requireCollection(collection);
		return this.store.documents(row.id).map(document => ({file: document.fileName, chunks: document.chunkCount, content_hash: document.contentHash}));
	}

	export(collection: string, format: ExportFormat): Iterable<string> {
		return exportCollection(this.store, this.requireCollection(collection), format);
	}

	/**
	 * Restores an export (json or jsonl, whole or as a stream of lines) into its collection, or into `collection`
	 * when given. All of it is checked before anything is written, then written in one transaction.
	 */
	async import(input: string | AsyncIterable<string>, collection?: string): Promise<{collection: string; documents: number; chunks: number}> {
		const parsed = await parseExport(typeof input === 'string' ? input.split('\n') : input);
		const name = checkCollectionName(collection ?? parsed.header.collection);
		if (parsed.header.chunker_version !== chunkerVersion) {
			throw invalidInput(`import: the export was made by chunker v${parsed.header.chunker_version}; this version uses v${chunkerVersion}`);
		}

		return this.writes.run(async () => {
			const row = this.ensureCollection(name);
			const fingerprint = parsed.header.model_id && parsed.header.dims ? {modelId: parsed.header.model_id, dims: parsed.header.dims} : undefined;
			for (const document of parsed.documents) {
				for (const chunk of document.chunks) {
					if (chunk.vector && chunk.vector.length !== parsed.header.dims) {
						throw invalidInput(`import: ${document.fileName}: a vector has ${chunk.vector.length} dimensions, the header says ${parsed.header.dims}`);
					}
				}
			}

			const change = this.store.writeDocuments(row, parsed.documents, fingerprint);
			await this.indexes.apply(row, change);
			return {collection: name, documents: parsed.documents.length, chunks: parsed.documents.reduce((sum, document) => sum + document.chunks.length, 0)};
		});
	}

	diskBytes(): number {
		return this.store.fileSize();
	}

	/** Does now the index work that waits for writes to settle (builds, files), and waits for it. */
	async settleIndexes(): Promise<void> {
		await this.writes.run(() => undefined);
		await this.indexes.settle();
	}

	/** Waits for queued writes, stops index builds, writes the index files, closes the store. */
	async close(): Promise<void> {
		await this.writes.run(() => undefined);
		await this.indexes.close();
		this.store.checkpoint();
		this.store.close();
	}

	private writeContext(): WriteContext {
		const state = this.embedderState;
		return {store: this.store, indexes: this.indexes, embedder: state.status === 'ready' ? state.embedder : undefined};
	}

	private ensureCollection(name: string): CollectionRow {
		return this.store.collection(name) ?? this.store.ensureCollection(name, chunkerVersion);
	}

	private requireCollection(name: string): CollectionRow {
		const row = this.store.collection(checkCollectionName(name));
		if (!row) {
			throw notFound(`collection '${name}' does not exist`);
		}

		return row;
	}
}

export {EngineError} from './errors.js';
