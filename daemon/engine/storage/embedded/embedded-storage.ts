import path from 'node:path';
import {notFound} from '../../errors.js';
import type {ChunkFilter} from '../document-filter.js';
import type {ImportWrite, Storage} from '../storage.js';
import type {Collection, DocumentMove, DocumentToWrite, FieldWeights, Fingerprint, NewSource, SourceChanges} from '../types.js';
import {importIntoStore} from './import-into-store.js';
import {keywordTopK, vectorTopK, type EmbeddedSearch} from './embedded-search.js';
import {BackgroundWork} from './background-work.js';
import {Store} from './sqlite/store.js';
import type {CollectionRow} from './sqlite/types.js';
import type {CollectionIndexes, IndexOptions} from './vector-index/collection-indexes.js';

export type EmbeddedOptions = IndexOptions & {
	/** Folder of the SQLite file and the index files. */
	readonly dataDir: string;
	/** A filtered vector search keeping up to this many vectors ranks them from the store, more through the index (filtered-vectors.ts). */
	readonly filterExactMax?: number;
};

/**
 * The embedded backend: SQLite (store/) is the system of record, with BM25 in its FTS5 table; FAISS indexes
 * (vector-index/, on the index thread) follow it, each change applied in the same tick as its commit, and are
 * rebuilt from it when missing or stale. SQLite answers synchronously: each call here is one consistent read
 * or one transaction.
 */
export class EmbeddedStorage implements Storage {
	static open(options: EmbeddedOptions): EmbeddedStorage {
		const file = path.join(options.dataDir, 'md-vector.sqlite');
		const store = Store.open(file);
		if (!store.nativeScoring.loaded) {
			options.log?.(`keyword search scores with FTS5's bm25(), the same ranking at several times the CPU: ${store.nativeScoring.why}`);
		}

		return new EmbeddedStorage(store, new BackgroundWork(store, file, options, options.log), options.dataDir, options.filterExactMax);
	}

	private readonly search: EmbeddedSearch;
	private readonly indexes: CollectionIndexes;

	private constructor(private readonly store: Store, private readonly background: BackgroundWork, private readonly dataDir: string, filterExactMax?: number) {
		const {indexes, keywordThreads} = background;
		this.indexes = indexes;
		this.search = {store, indexes, keywordThreads, filterExactMax, row: collection => this.row(collection)};
		for (const collection of store.collections()) {
			// Loaded (or rebuilt) at start, on the index thread, not on the first search; a failure is logged there.
			indexes.open(collection).catch(() => undefined);
		}
	}

	async collection(name: string) {
		return this.store.collection(name);
	}

	async ensureCollection(name: string, chunkerVersion: number) {
		return this.store.collection(name) ?? this.write(() => this.store.ensureCollection(name, chunkerVersion));
	}

	async collections() {
		return this.store.collections();
	}

	async deleteCollection(collection: Collection) {
		return this.write(async () => this.deleteCollectionNow(collection));
	}

	async renameCollection(collection: Collection, name: string) {
		// The index is the collection id's: it follows the rename without being touched.
		return this.write(() => this.store.renameCollection(this.row(collection), name));
	}

	async sources(collection: Collection) {
		return this.store.sources.list(this.row(collection).id);
	}

	async addSource(collection: Collection, source: NewSource) {
		return this.write(() => this.store.sources.add(this.row(collection).id, source));
	}

	async updateSource(collection: Collection, id: number, changes: SourceChanges) {
		return this.write(() => this.store.sources.update(this.row(collection).id, id, changes));
	}

	async removeSource(collection: Collection, id: number) {
		return this.write(async () => {
			const row = this.row(collection);
			const {removed, documents, chunks} = this.store.removeSource(row, id);
			await this.indexes.apply(row, {removed, added: []});
			return {documents, chunks};
		});
	}

	async moveDocuments(collection: Collection, changes: {readonly remove: readonly string[]; readonly move: readonly DocumentMove[]}) {
		await this.write(async () => {
			const row = this.row(collection);
			const removed = this.store.moveDocuments(row, changes.remove, changes.move);
			if (removed.length > 0) {
				await this.indexes.apply(row, {removed, added: []});
			}
		});
	}

	private async deleteCollectionNow(collection: Collection) {
		const row = this.row(collection);
		const removal = this.store.deleteCollection(row);
		await this.indexes.forget(row.id);
		return removal;
	}

	async documentText(collection: Collection, fileName: string) {
		return this.store.documentText(this.row(collection).id, fileName);
	}

	async document(collection: Collection, fileName: string) {
		return this.store.document(collection.id, fileName);
	}

	async documentsNamed(collection: Collection, fileNames: readonly string[]) {
		return fileNames.map(fileName => this.store.document(collection.id, fileName)).filter(document => document !== undefined);
	}

	async documents(collection: Collection) {
		return this.store.documents(collection.id);
	}

	async chunksOfDocument(collection: Collection, fileName: string) {
		return this.store.reads.chunksOfDocument(collection.id, fileName);
	}

	async chunks(collection: Collection, rowids: readonly number[]) {
		return this.store.reads.chunks(collection.id, rowids);
	}

	async writeDocuments(collection: Collection, documents: readonly DocumentToWrite[], fingerprint?: Fingerprint) {
		await this.write(async () => {
			const row = this.row(collection);
			await this.indexes.apply(row, this.store.writeDocuments(row, documents, fingerprint));
		});
	}

	async writeDocumentGroups(collection: Collection, groups: AsyncIterable<readonly DocumentToWrite[]>, fingerprint?: Fingerprint) {
		const {name, chunkerVersion} = this.row(collection); // a collection deleted meanwhile is not made again
		await this.importDocuments(name, chunkerVersion, {sources: [], moves: [], groups: () => groups}, fingerprint);
	}

	async importDocuments(name: string, chunkerVersion: number, write: ImportWrite, fingerprint?: Fingerprint) {
		return this.write(async () => importIntoStore(this.store, this.indexes, this.background.checkpoints, {name, chunkerVersion, write, fingerprint}));
	}

	async deleteDocument(collection: Collection, fileName: string) {
		return this.write(async () => {
			const row = this.row(collection);
			const deleted = this.store.deleteDocument(row, fileName);
			if (deleted) {
				await this.indexes.apply(row, {removed: deleted.removed, added: []});
			}

			return deleted?.chunks;
		});
	}

	async vectorsByHash(collection: Collection, hashes: readonly string[]) {
		return this.store.reads.vectorsByHash(collection.id, hashes);
	}

	async chunksWithoutVectors(collection: Collection, limit: number) {
		return this.store.reads.chunksWithoutVectors(collection.id, limit);
	}

	async setVectors(collection: Collection, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, fingerprint: Fingerprint) {
		await this.write(async () => {
			const row = this.row(collection);
			await this.indexes.apply(row, this.store.setVectors(row, vectors, fingerprint));
		});
	}

	async vectorTopK(collection: Collection, query: Float32Array, k: number, filter?: ChunkFilter) {
		return vectorTopK(this.search, collection, query, k, filter);
	}

	async beginModelSwitch(collection: Collection, target: Fingerprint) {
		return this.write(() => this.store.switches.begin(this.row(collection), target));
	}

	async modelSwitches() {
		return this.store.switches.list();
	}

	async modelSwitch(collection: Collection) {
		return this.store.switches.of(this.row(collection).id);
	}

	async chunksForSwitch(collection: Collection, after: number, limit: number) {
		return this.store.switches.pending(this.row(collection).id, after, limit);
	}

	async setSwitchVectors(collection: Collection, target: Fingerprint, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>) {
		return this.write(() => this.store.switches.set(this.row(collection), target, vectors));
	}

	async completeModelSwitch(collection: Collection, target: Fingerprint) {
		return this.write(() => {
			const row = this.row(collection);
			const outcome = this.store.switches.complete(row, target);
			if (outcome.swapped) {
				// In the commit's tick: no search reaches the old model's index after it; the new one is built from the store.
				this.indexes.discard(row.id);
				this.indexes.open(this.row(row)).catch(() => undefined);
			}

			return outcome;
		});
	}

	async cancelModelSwitch(collection: Collection) {
		return this.write(() => this.store.switches.cancel(this.row(collection).id));
	}

	async vectorIndex(collection: Collection) {
		return this.indexes.describe(this.row(collection));
	}

	async keywordTopK(collections: readonly Collection[], terms: readonly string[], limit: number, weights: FieldWeights, filter?: ChunkFilter) {
		return keywordTopK(this.search, collections, terms, limit, weights, filter);
	}

	async exportPage(collection: Collection, after: string | undefined, limit: number) {
		return this.store.reads.exportPage(collection.id, after, limit);
	}

	async stats(collection: Collection) {
		return this.store.stats(collection.id);
	}

	async diskBytes() {
		return this.store.fileSize();
	}

	async describe() {
		return {backend: 'embedded', location: this.dataDir} as const;
	}

	jobBoard() {
		return undefined; // one daemon per data folder: its in-memory registry answers for every job
	}

	async ownJob<T>(_key: string, work: () => Promise<T>): Promise<T> {
		return work();
	}

	holdBackgroundWork(): () => void {
		return this.background.hold();
	}

	async settle(): Promise<void> {
		await this.background.settle();
	}

	async close(): Promise<void> {
		await this.background.close();
	}

	/** A write of this storage, in turn with the others (background-work.ts). */
	private async write<T>(work: () => T | Promise<T>): Promise<T> {
		return this.background.write(work);
	}

	/** The collection's current row (with the vector generation its index follows). */
	private row(collection: Collection): CollectionRow {
		const row = this.store.collection(collection.name);
		if (!row) {
			throw notFound(`collection '${collection.name}' does not exist`);
		}

		return row;
	}
}
