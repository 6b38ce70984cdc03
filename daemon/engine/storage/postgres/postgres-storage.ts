import type pg from 'pg';
import {modelSwitched, notFound} from '../../errors.js';
import {queryFits} from '../fingerprint.js';
import type {BackgroundProblems} from '../../background-problems.js';
import {redact} from '../redact-url.js';
import type {ChunkFilter} from '../document-filter.js';
import type {ImportWrite, Storage} from '../storage.js';
import type {Collection, DocumentMove, DocumentToWrite, FieldWeights, Fingerprint, NewSource, SourceChanges} from '../types.js';
import {deleteCollection, renameCollection} from './collection-admin.js';
import {moveDocuments} from './document-moves.js';
import {addSource, removeSource, sourcesOf, updateSource} from './sources.js';
import {collectionByName, collectionsWithCounts, contentCounts, ensureCollection} from './collections.js';
import {HnswBuilds} from './hnsw-builds.js';
import {withJobLock} from './job-lock.js';
import {keywordTopK} from './keyword-bm25.js';
import {DocumentFrequencies} from './document-frequencies.js';
import {KeywordHalves} from './keyword-halves.js';
import {WordsBackfill} from './words-backfill.js';
import {migrate} from './migrations.js';
import {createPool, inTransaction} from './pool.js';
import {vectorTypeId} from './vector-binary.js';
import {describeServer} from './describe-server.js';
import {PostgresJobBoard} from './job-board.js';
import {chunksByRowid, chunksOfDocument, documentByName, documentsByName, documentsOf, documentText, exportPage} from './read-documents.js';
import {chunksWithoutVectors, setVectors, vectorsByHash, vectorTopK} from './vectors.js';
import {deleteDocument, writeDocuments} from './write-documents.js';
import {importInTransaction} from './import-documents.js';
import {beginModelSwitch, cancelModelSwitch, chunksForSwitch, modelSwitches, setSwitchVectors, swapModel} from './model-switches.js';

export type PostgresOptions = {
	/** postgres://user:password@host:port/database */
	readonly url: string;
	/** Above this many vectors a collection gets an HNSW index; exact search below it. */
	readonly hnswThreshold?: number;
	readonly poolSize?: number;
	/** How long HNSW builds wait for writes to settle (hnsw-builds.ts; 2 s). */
	readonly settleDelayMs?: number;
	readonly log?: (line: string) => void;
	/** Where a lost connection or a failed index build is reported, for /health. */
	readonly problems?: BackgroundProblems;
};

/**
 * The shared backend: every collection, document, chunk, vector and posting lives in PostgreSQL (pgvector for
 * vectors, plain tables for exact BM25), so any number of daemons serve the same collections and none keeps
 * an index of its own. Each write is one transaction; readers see only committed documents.
 */
export class PostgresStorage implements Storage {
	/** Connects, migrates the schema (once, whoever else starts at the same moment) and answers the storage. */
	static async open(options: PostgresOptions): Promise<PostgresStorage> {
		const pool = createPool(options.url, options.poolSize, options.problems);
		try {
			const client = await pool.connect();
			try {
				const {from, to} = await migrate(client);
				if (from !== to) {
					options.log?.(`postgres: schema migrated from version ${from} to ${to}`);
				}
			} finally {
				client.release();
			}
		} catch (error) {
			await pool.end();
			throw new Error(`cannot use the database ${redact(options.url)}: ${(error as Error).message}`, {cause: error});
		}

		const backfill = new WordsBackfill(pool, options.log);
		const builds = new HnswBuilds(pool, options.hnswThreshold, options.log, options.problems, options.settleDelayMs);
		await builds.resumeDue().catch((error: unknown) => {
			options.log?.(`postgres: could not look for HNSW indexes to build (${(error as Error).message}); they are built after the next write`);
		});
		return new PostgresStorage(pool, builds, await vectorTypeId(pool), options.url, backfill);
	}

	/** Aborts waits for jobs other daemons own when this storage closes. */
	private readonly closing = new AbortController();
	private readonly jobs: PostgresJobBoard;
	/** Document frequencies kept between keyword searches, used while exact (document-frequencies.ts). */
	private readonly frequencies = new DocumentFrequencies();
	/** Where a search of many postings runs as two statements side by side (keyword-halves.ts). */
	private readonly halves: KeywordHalves;

	private constructor(private readonly pool: pg.Pool, private readonly builds: HnswBuilds, private readonly vectorType: number, private readonly url: string, private readonly backfill: WordsBackfill) {
		this.jobs = new PostgresJobBoard(pool);
		this.halves = new KeywordHalves(pool);
	}

	async collection(name: string) {
		return collectionByName(this.pool, name);
	}

	async ensureCollection(name: string, chunkerVersion: number) {
		return (await collectionByName(this.pool, name)) ?? ensureCollection(this.pool, name, chunkerVersion);
	}

	async collections() {
		return collectionsWithCounts(this.pool);
	}

	async deleteCollection(collection: Collection) {
		return deleteCollection(this.pool, await this.current(collection));
	}

	async renameCollection(collection: Collection, name: string) {
		const current = await this.current(collection);
		await inTransaction(this.pool, async client => renameCollection(client, current, name));
		return this.current({...current, name});
	}

	async sources(collection: Collection) {
		return sourcesOf(this.pool, collection.id);
	}

	async addSource(collection: Collection, source: NewSource) {
		return inTransaction(this.pool, async client => addSource(client, collection.id, source));
	}

	async updateSource(collection: Collection, id: number, changes: SourceChanges) {
		return inTransaction(this.pool, async client => updateSource(client, collection.id, id, changes));
	}

	async removeSource(collection: Collection, id: number) {
		return inTransaction(this.pool, async client => removeSource(client, collection, id));
	}

	async moveDocuments(collection: Collection, changes: {readonly remove: readonly string[]; readonly move: readonly DocumentMove[]}) {
		await inTransaction(this.pool, async client => moveDocuments(client, collection, changes.remove, changes.move));
	}

	async documentText(collection: Collection, fileName: string) {
		return documentText(this.pool, collection.id, fileName);
	}

	async document(collection: Collection, fileName: string) {
		return documentByName(this.pool, collection.id, fileName);
	}

	async documentsNamed(collection: Collection, fileNames: readonly string[]) {
		return documentsByName(this.pool, collection.id, fileNames);
	}

	async documents(collection: Collection) {
		return documentsOf(this.pool, collection.id);
	}

	async chunksOfDocument(collection: Collection, fileName: string) {
		return chunksOfDocument(this.pool, collection.id, fileName);
	}

	async chunks(collection: Collection, rowids: readonly number[]) {
		return chunksByRowid(this.pool, collection.id, rowids);
	}

	async writeDocuments(collection: Collection, documents: readonly DocumentToWrite[], fingerprint?: Fingerprint) {
		await inTransaction(this.pool, async client => writeDocuments(client, collection, documents, this.vectorType, fingerprint));
		this.builds.afterWrite(await this.current(collection));
	}

	async writeDocumentGroups(collection: Collection, groups: AsyncIterable<readonly DocumentToWrite[]>, fingerprint?: Fingerprint) {
		const {name, chunkerVersion} = await this.current(collection); // a collection deleted meanwhile is not made again
		await this.importDocuments(name, chunkerVersion, {sources: [], moves: [], groups: () => groups}, fingerprint);
	}

	async importDocuments(name: string, chunkerVersion: number, write: ImportWrite, fingerprint?: Fingerprint) {
		// The collection's HNSW index stays: the import's rows land above its watermark (hnsw-builds.ts), searched
		// exactly until a new index covers them.
		return this.builds.bulkWrite(name, write.vectors, async () =>
			this.current(await inTransaction(this.pool, async client => importInTransaction(client, name, chunkerVersion, write, this.vectorType, fingerprint))));
	}

	async deleteDocument(collection: Collection, fileName: string) {
		return inTransaction(this.pool, async client => deleteDocument(client, collection, fileName));
	}

	async vectorsByHash(collection: Collection, hashes: readonly string[]) {
		return vectorsByHash(this.pool, collection.id, hashes);
	}

	async chunksWithoutVectors(collection: Collection, limit: number) {
		return chunksWithoutVectors(this.pool, collection.id, limit);
	}

	async setVectors(collection: Collection, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, fingerprint: Fingerprint) {
		await inTransaction(this.pool, async client => setVectors(client, collection, vectors, fingerprint, this.vectorType));
		this.builds.afterWrite(await this.current(collection));
	}

	async vectorTopK(collection: Collection, query: Float32Array, k: number, filter?: ChunkFilter) {
		// A collection named without a fingerprint: another daemon (or this one) may have recorded one since.
		const asked = collection.dims === null ? await this.current(collection) : collection;
		const ranked = await vectorTopK(this.pool, asked, query, k, filter, await this.builds.watermark(asked));
		if (ranked.length > 0 || k < 1) {
			return ranked;
		}

		// None: an empty collection, or one that switched model since the query was made (its statement checks it).
		const current = await this.current(collection);
		return queryFits(current, asked) || current.modelId === null ? ranked : Promise.reject(modelSwitched(`collection '${current.name}' now holds vectors of ${current.modelId}: search it again`));
	}

	async beginModelSwitch(collection: Collection, target: Fingerprint) {
		return inTransaction(this.pool, async client => beginModelSwitch(client, await this.current(collection), target));
	}

	async modelSwitches() {
		return modelSwitches(this.pool);
	}

	async modelSwitch(collection: Collection) {
		return (await modelSwitches(this.pool, (await this.current(collection)).id))[0];
	}

	async chunksForSwitch(collection: Collection, after: number, limit: number) {
		return chunksForSwitch(this.pool, collection.id, after, limit);
	}

	async setSwitchVectors(collection: Collection, target: Fingerprint, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>) {
		return inTransaction(this.pool, async client => setSwitchVectors(client, collection, target, vectors, this.vectorType));
	}

	async completeModelSwitch(collection: Collection, target: Fingerprint) {
		const current = await this.current(collection);
		const outcome = await swapModel(this.pool, current, target);
		if (outcome.swapped) {
			this.builds.afterWrite(await this.current(current)); // the new model's HNSW index, when the collection is large
		}

		return outcome;
	}

	async cancelModelSwitch(collection: Collection) {
		return inTransaction(this.pool, async client => cancelModelSwitch(client, (await this.current(collection)).id));
	}

	async vectorIndex(collection: Collection) {
		const current = await this.current(collection);
		const {vectors} = await contentCounts(this.pool, current.id);
		return {vectors, ...await this.builds.describe(current, vectors)};
	}

	async keywordTopK(collections: readonly Collection[], terms: readonly string[], limit: number, weights: FieldWeights, filter?: ChunkFilter, options?: {readonly withChunks?: boolean}) {
		return keywordTopK(this.pool, collections.map(collection => collection.id), terms, limit, weights, filter, {withChunks: options?.withChunks, frequencies: this.frequencies, halves: this.halves});
	}

	async exportPage(collection: Collection, after: string | undefined, limit: number) {
		return exportPage(this.pool, collection.id, after, limit);
	}

	async stats(collection: Collection) {
		return contentCounts(this.pool, collection.id);
	}

	async diskBytes() {
		const {rows} = await this.pool.query<{bytes: number}>(`SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c
			JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'md_vector' AND c.relkind = 'r'`);
		return rows[0]?.bytes ?? 0;
	}

	async describe() {
		return describeServer(this.pool, this.url);
	}

	jobBoard() {
		return this.jobs;
	}

	async ownJob<T>(key: string, work: () => Promise<T>): Promise<T> {
		return withJobLock(this.pool, key, work, this.closing.signal);
	}

	holdBackgroundWork(): () => void {
		return this.builds.hold();
	}

	async settle(): Promise<void> {
		await this.builds.settle();
	}

	async close(): Promise<void> {
		this.closing.abort();
		await this.backfill.stop();
		await this.builds.close();
		await this.pool.end();
	}

	/** The collection as the database has it now (its fingerprint may have been recorded by another daemon). */
	private async current(collection: Collection): Promise<Collection> {
		const row = await collectionByName(this.pool, collection.name);
		if (!row) {
			throw notFound(`collection '${collection.name}' does not exist`);
		}

		return row;
	}
}
