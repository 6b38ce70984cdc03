import {mkdirSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {assertSameFingerprint, assertVectorsFit} from '../../fingerprint.js';
import type {CollectionRemoval, DocumentInfo, DocumentMove, DocumentToWrite, Fingerprint} from '../../types.js';
import {encodeVector} from '../../vector-codec.js';
import {CollectionAdmin} from './collection-admin.js';
import {DocumentMoves} from './document-moves.js';
import {DocumentRows} from './document-rows.js';
import {FilteredReads, registerKeptNames} from './filtered-reads.js';
import {KeywordSearch} from './keyword-search.js';
import {keywordSegments, type KeywordSegment} from './keyword-segments.js';
import {migrate} from './schema.js';
import {ModelSwitchRows} from './model-switch-rows.js';
import {registerTextFunctions} from './words-index.js';
import {SourceRows} from './source-rows.js';
import {toDocumentInfo, type DocumentRow} from './row-mappers.js';
import {ChunkReads} from './chunk-reads.js';
import type {CollectionRow, VectorChange} from './types.js';
import {prepareStatements, type Statements} from './statements.js';
import {loadNativeScoring, type NativeScoring} from './native-scoring.js';
import {syncWal} from './wal-sync.js';
import {writeTransaction} from './write-transaction.js';

/** How a store's connection is opened. */
export type StoreOptions = {
	/** false: keyword search scores with FTS5's bm25() even where md_bm25 was built (tests compare the two). */
	readonly nativeScoring?: boolean;
};

/**
 * The system of record of the embedded backend: collections, documents, chunks, vectors and the BM25 index, in
 * one SQLite file (WAL, synchronous=FULL). Every write is one transaction: a crash leaves a document whole or
 * absent. Synchronous: embedded-storage.ts answers the engine's asynchronous calls with it, and the vector
 * indexes read it in one tick (one state).
 */
export class Store {
	static open(file: string, options: StoreOptions = {}): Store {
		mkdirSync(path.dirname(file), {recursive: true});
		const db = new Database(file);
		db.pragma('journal_mode = WAL');
		db.pragma('synchronous = FULL');
		db.pragma('foreign_keys = ON');
		db.pragma('busy_timeout = 5000');
		registerKeptNames(db);
		registerTextFunctions(db);
		migrate(db);
		const nativeScoring: NativeScoring = options.nativeScoring === false ? {loaded: false, why: 'turned off'} : loadNativeScoring(db);
		return new Store(db, nativeScoring);
	}

	/** A collection's folder sources (sources table). */
	readonly sources: SourceRows;
	private readonly sql: Statements;
	private readonly moves: DocumentMoves;
	private readonly rows: DocumentRows;
	private readonly admin: CollectionAdmin;
	/** Reads of chunks and their vectors (chunk-reads.ts). */
	readonly reads: ChunkReads;
	/** Reads of filtered searches. */
	readonly filtered: FilteredReads;
	/** A collection's switch to another model (model-switch-rows.ts). */
	readonly switches: ModelSwitchRows;
	/** BM25 top k (keyword-search.ts); its statistics dropped by every write of the FTS table. */
	readonly keywords: KeywordSearch;
	/** The database's commit counter as readSnapshot last saw it. */
	private dataVersion: number | undefined;

	/** Whether keyword search scores with md_bm25 (native/keyword-score.c) or, without it, FTS5's bm25(). */
	private constructor(private readonly db: Database.Database, readonly nativeScoring: NativeScoring) {
		this.sql = prepareStatements(db);
		this.reads = new ChunkReads(this.sql);
		this.filtered = new FilteredReads(db);
		this.switches = new ModelSwitchRows(db);
		this.sources = new SourceRows(db);
		this.moves = new DocumentMoves(db);
		this.keywords = new KeywordSearch(db, this.sql, nativeScoring.loaded);
		this.rows = new DocumentRows(this.sql, () => {
			this.keywords.drop();
		});
		this.admin = new CollectionAdmin({db, sql: this.sql, rows: this.rows, sources: this.sources, moves: this.moves});
	}

	close(): void {
		this.db.close();
	}

	/**
	 * Another connection to the same file, for a write made of many steps (an import): it runs in inTransaction
	 * there, and this connection's reads see none of it until it commits (WAL). Close it after.
	 */
	writer(): Store {
		const writer = Store.open(this.db.name, {nativeScoring: this.nativeScoring.loaded});
		// Its commit writes the log and no more (80-110 ms -> ~25 ms for 5,000 chunks on the daemon's main thread):
		// inTransaction syncs the log off the thread before it answers, and checkpoints run on a thread of their own
		// (wal-checkpoints.ts).
		writer.db.pragma('synchronous = NORMAL');
		writer.db.pragma('wal_autocheckpoint = 0');
		return writer;
	}

	/**
	 * Runs `work` in one transaction that may await between its steps: committed when it resolves, rolled back when
	 * it throws. Durable once it resolves, whatever the connection's synchronous setting: the log is synced after
	 * the commit (on the thread pool).
	 */
	async inTransaction<T>(work: () => Promise<T>): Promise<T> {
		this.db.exec('BEGIN IMMEDIATE');
		try {
			const result = await work();
			this.db.exec('COMMIT');
			await syncWal(this.db.name);
			return result;
		} catch (error) {
			if (this.db.inTransaction) {
				this.db.exec('ROLLBACK');
			}

			throw error;
		}
	}

	/** Forgets the BM25 statistics it keeps: another connection (a writer()) changed the FTS table. */
	forgetStatistics(): void {
		this.keywords.drop();
	}

	/**
	 * `read` as one snapshot, for a connection that only reads while others write (the keyword thread): the BM25
	 * statistics it keeps are forgotten first when another connection committed since its last read. The counter is
	 * read before the snapshot starts, so a commit in between only costs one more recount.
	 */
	readSnapshot<T>(read: () => T): T {
		const version = this.db.pragma('data_version', {simple: true}) as number;
		if (version !== this.dataVersion) {
			this.keywords.drop();
			this.dataVersion = version;
		}

		return this.db.transaction(read)();
	}

	collection(name: string): CollectionRow | undefined {
		return this.sql.collectionByName.get(name) as CollectionRow | undefined;
	}

	ensureCollection(name: string, chunkerVersion: number): CollectionRow {
		this.sql.insertCollection.run(name, chunkerVersion, new Date().toISOString());
		return this.collection(name)!;
	}

	collections(): Array<CollectionRow & {count: number; documents: number}> {
		return this.sql.collectionsWithCounts.all() as Array<CollectionRow & {count: number; documents: number}>;
	}

	document(collectionId: number, fileName: string): DocumentInfo | undefined {
		return toDocumentInfo(this.documentRow(collectionId, fileName));
	}

	/** The names of a collection's documents (what search filters' path globs are matched against). */
	fileNames(collectionId: number): string[] {
		return this.sql.fileNamesOfCollection.pluck().all(collectionId) as string[];
	}

	documents(collectionId: number): DocumentInfo[] {
		return (this.sql.documentsOfCollection.all(collectionId) as DocumentRow[]).map(row => toDocumentInfo(row)!);
	}

	/** Records the collection's fingerprint on its first vectors; refuses vectors of another one. */
	checkFingerprint(collection: CollectionRow, fingerprint: Fingerprint): void {
		assertSameFingerprint(collection, fingerprint);
		if (collection.modelId === null) {
			this.sql.setFingerprint.run(fingerprint.modelId, fingerprint.dims, collection.id);
		}
	}

	/** Replaces a document (or adds it) with its chunks, in one transaction. */
	writeDocuments(collection: CollectionRow, documents: readonly DocumentToWrite[], fingerprint?: Fingerprint): VectorChange {
		return writeTransaction(this.db, () => {
			const current = this.collection(collection.name)!;
			if (fingerprint && documents.some(document => document.chunks.some(chunk => chunk.vector))) {
				this.checkFingerprint(current, fingerprint);
			}

			const removed: number[] = [];
			const added: Array<{rowid: number; vector: Float32Array}> = [];
			for (const document of documents) {
				assertVectorsFit(document, fingerprint);
				removed.push(...this.removeDocument(current.id, document.fileName));
				added.push(...this.rows.insert(current, document));
			}

			if (removed.length > 0 || added.length > 0) {
				this.sql.bumpGeneration.run(current.id);
			}

			return {removed, added};
		});
	}

	/** Deletes a document with its chunks; undefined when there is no such document. */
	deleteDocument(collection: CollectionRow, fileName: string): {removed: number[]; chunks: number} | undefined {
		return writeTransaction(this.db, () => {
			const document = this.documentRow(collection.id, fileName);
			if (!document) {
				return undefined;
			}

			const removed = this.removeDocument(collection.id, fileName);
			this.sql.bumpGeneration.run(collection.id);
			return {removed, chunks: document.chunkCount};
		});
	}

	/** Deletes `remove`, then moves `move` (two steps: see document-moves.ts), in one transaction; answers the rowids whose vectors went. */
	moveDocuments(collection: CollectionRow, remove: readonly string[], move: readonly DocumentMove[]): number[] {
		return writeTransaction(this.db, () => {
			const removed = remove.flatMap(fileName => this.removeDocument(collection.id, fileName));
			this.moves.apply(collection, move);
			if (removed.length > 0) {
				this.sql.bumpGeneration.run(collection.id);
			}

			return removed;
		});
	}

	documentText(collectionId: number, fileName: string): string | undefined {
		return (this.sql.documentText.get(collectionId, fileName) as {text: string} | undefined)?.text;
	}

	/** Deletes a source and its documents; answers the rowids whose vectors went. */
	removeSource(collection: CollectionRow, sourceId: number): {removed: number[]; documents: number; chunks: number} {
		return this.admin.removeSource(collection, sourceId);
	}

	deleteCollection(collection: CollectionRow): CollectionRemoval {
		return this.admin.deleteCollection(collection);
	}

	renameCollection(collection: CollectionRow, name: string): CollectionRow {
		this.admin.renameCollection(collection, name);
		return this.collection(name)!;
	}

	private documentRow(collectionId: number, fileName: string): DocumentRow | undefined {
		return this.sql.documentByName.get(collectionId, fileName) as DocumentRow | undefined;
	}

	private removeDocument(collectionId: number, fileName: string): number[] {
		const document = this.documentRow(collectionId, fileName);
		if (!document) {
			return [];
		}

		return this.rows.remove(document.id).withVectors;
	}

	/** Fills in vectors of existing chunks; returns the rows that really changed. */
	setVectors(collection: CollectionRow, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, fingerprint: Fingerprint): VectorChange {
		return writeTransaction(this.db, () => {
			this.checkFingerprint(this.collection(collection.name)!, fingerprint);
			const added = vectors.filter(({rowid, vector}) => this.sql.setVector.run(encodeVector(vector), rowid).changes > 0);
			this.sql.bumpGeneration.run(collection.id);
			return {removed: [], added};
		});
	}

	stats(collectionId: number): {documents: number; chunks: number; vectors: number; tokens: number} {
		return this.sql.stats.get({id: collectionId}) as {documents: number; chunks: number; vectors: number; tokens: number};
	}

	/** The FTS5 index's segments (keyword-segments.ts); undefined when its structure record is not in the format read there. */
	keywordSegments(): KeywordSegment[] | undefined {
		return keywordSegments(this.db);
	}

	fileSize(): number {
		const {page_count: pages, page_size: size} = {
			page_count: this.db.pragma('page_count', {simple: true}) as number,
			page_size: this.db.pragma('page_size', {simple: true}) as number,
		};
		return pages * size;
	}

	checkpoint(): void {
		this.db.pragma('wal_checkpoint(TRUNCATE)');
	}
}
