// The HNSW index on PostgreSQL: a collection above the threshold gets its index, searches go through it (the
// plan of the very statement a search runs), find what exact search finds, and return k rows even when k is
// above the search list (iterative scan); the rows written after its watermark are searched exactly, a new index
// replaces it once they are many, and a watermark gone stale (another daemon rebuilt) still finds them. On a
// native PostgreSQL 18 + pgvector (test-database.ts).
import test from 'ava';
import pg from 'pg';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {currentIndex, hnswIndexes, hnswIndexName} from '../../daemon/engine/storage/postgres/hnsw-index.js';
import type {Collection, Candidate} from '../../daemon/engine/storage/types.js';
import {vectorSearchSql} from '../../daemon/engine/storage/postgres/vectors.js';
import {seeded} from '../helpers/seeded.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';
import {watchedStorage} from '../helpers/postgres/watched-storage.js';
import {compareWithExact, exactTopK, visibleVectors} from '../helpers/postgres/exact-ranking.js';
import {documentOf, fingerprint, randomUnit, vectorDocuments} from '../storage/fixtures.js';

let database: TestDatabase;

test.before(async () => {
	database = await testDatabase();
});

test.after.always(async () => {
	await database?.stop();
});

test('above the threshold a collection is searched through its HNSW index, finding what exact search finds', async t => {
	const storage = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => storage.close());
	const collection = await storage.ensureCollection('many', 1);
	const next = seeded(5);
	const documents = Array.from({length: 200}, (_, document) => documentOf(`doc-${document}.md`, Array.from({length: 10}, (_, ordinal) => ({
		content: `chunk ${document} ${ordinal}`, vector: randomUnit(next),
	}))));
	const vectors = documents.flatMap(document => document.chunks.map(chunk => chunk.vector!));
	await storage.writeDocuments(collection, documents, fingerprint);
	t.like(await storage.vectorIndex(collection), {kind: 'flat', rebuilding: 'hnsw'}, 'due once the writes are done');
	await storage.settle();
	const current = (await storage.collection('many'))!;
	t.like(await storage.vectorIndex(current), {vectors: 2000, kind: 'hnsw', rebuilding: null});

	let found = 0;
	const probes = Array.from({length: 20}, () => randomUnit(next));
	for (const probe of probes) {
		const exact = vectors.map(vector => vector.reduce((sum, value, at) => sum + (value * probe[at]!), 0)).sort((a, b) => b - a).slice(0, 10);
		const hits = await storage.vectorTopK(current, probe, 10);
		t.is(hits.length, 10);
		found += hits.filter(hit => exact.some(dot => Math.abs(dot - hit.score) < 1e-6)).length;
	}

	t.true(found / (10 * probes.length) >= 0.98, `recall@10 ${found / (10 * probes.length)}`);
	t.is((await storage.vectorTopK(current, probes[0]!, 150)).length, 150, 'k above the search list: the scan goes on until it has k');

	const client = new pg.Client(database.url);
	await client.connect();
	t.teardown(async () => client.end());
	const index = currentIndex(await hnswIndexes(client, current.id))!;
	t.is(index.name, hnswIndexName(current.id, await maxId(client, current.id)), 'its watermark: the last row of the collection when the build started');
	const {setup, search} = vectorSearchSql(current, probes[0]!, 10, index.watermark);
	const {rows: [ef]} = await client.query<{value: string}>(`${setup} AS value`);
	t.is(ef!.value, '40', 'a search list for 2,000 vectors');
	const plan = await planOf(client, search);
	t.true(plan.includes(`Index Scan using ${index.name}`), plan);
});

/** The collection's largest chunk id. */
async function maxId(client: pg.Client, collectionId: number): Promise<number> {
	return Number((await client.query<{id: string}>('SELECT max(id) AS id FROM md_vector.chunks WHERE collection_id = $1', [collectionId])).rows[0]!.id);
}

async function planOf(client: pg.Client, search: string): Promise<string> {
	return (await client.query<{'QUERY PLAN': string}>(`EXPLAIN ${search}`)).rows.map(row => row['QUERY PLAN']).join('\n').replaceAll(/'\[[^\]]*]'/g, 'Q');
}

/** Runs vectorSearchSql's statements on `client`, with the watermark given (stale or not). */
async function searchWith(client: pg.Client, collection: Collection, probe: Float32Array, k: number, watermark: number): Promise<Candidate[]> {
	const {setup, search} = vectorSearchSql(collection, probe, k, watermark);
	const results = await client.query(`${setup};\n${search}`) as unknown as Array<pg.QueryResult<{rowid: string; score: number}>>;
	return results[1]!.rows.map(row => ({rowid: Number(row.rowid), score: row.score}));
}

async function connected(t: {teardown: (fn: () => Promise<void>) => void}): Promise<pg.Client> {
	const client = new pg.Client(database.url);
	await client.connect();
	t.teardown(async () => client.end());
	return client;
}

test('rows written after the watermark are searched exactly; once they pass their share a new index replaces the old one', async t => {
	const storage = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => storage.close());
	const client = await connected(t);
	const collection = await storage.ensureCollection('tail', 1);
	await storage.writeDocuments(collection, vectorDocuments('first', 200, 11), fingerprint);
	await storage.settle();
	const [first] = await hnswIndexes(client, collection.id);
	t.is(first?.watermark, await maxId(client, collection.id));

	// 500 rows above the watermark: under the tail a collection keeps (here the threshold, 1,000).
	await storage.writeDocuments(collection, vectorDocuments('second', 50, 12), fingerprint);
	await storage.settle();
	const current = (await storage.collection('tail'))!;
	t.deepEqual(await hnswIndexes(client, collection.id), [first!], 'the index stands');
	t.like(await storage.vectorIndex(current), {vectors: 2500, kind: 'hnsw', rebuilding: null});
	const next = seeded(13);
	const probes = Array.from({length: 20}, () => randomUnit(next));
	const before = await compareWithExact(client, collection.id, async probe => storage.vectorTopK(current, probe, 10), probes, 10, first!.watermark!);
	t.deepEqual(before.missedTail, [], 'the tail is searched exactly');
	t.deepEqual(before.wrongScores, []);
	t.true(before.recall >= 0.95, `recall@10 ${before.recall}`);

	// 600 more: 1,100 above the watermark, past the 1,000 kept.
	await storage.writeDocuments(collection, vectorDocuments('third', 60, 14), fingerprint);
	t.like(await storage.vectorIndex(current), {vectors: 3100, kind: 'hnsw', rebuilding: 'hnsw'}, 'searched through the old index while the new one is built');
	await storage.settle();
	const indexes = await hnswIndexes(client, collection.id);
	t.is(indexes.length, 1, 'the old index dropped once the new one was valid');
	t.true(indexes[0]!.valid);
	t.true(indexes[0]!.watermark! > first!.watermark!);
	t.is(indexes[0]!.watermark, await maxId(client, collection.id));
	const after = await compareWithExact(client, collection.id, async probe => storage.vectorTopK(current, probe, 10), probes, 10, indexes[0]!.watermark!);
	t.deepEqual(after.missedTail, []);
	t.deepEqual(after.wrongScores, []);
	t.true(after.recall >= 0.95, `recall@10 ${after.recall}`);
});

test('a stale watermark (another daemon rebuilt the index since) still finds the rows above it exactly, through the new index', async t => {
	const one = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => one.close());
	const other = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => other.close());
	const client = await connected(t);
	const collection = await one.ensureCollection('stale', 1);
	await one.writeDocuments(collection, vectorDocuments('first', 200, 21), fingerprint);
	await one.settle();
	const [old] = await hnswIndexes(client, collection.id);
	const current = (await one.collection('stale'))!;
	const next = seeded(22);
	const probes = Array.from({length: 20}, () => randomUnit(next));
	await one.vectorTopK(current, probes[0]!, 10); // `one` knows the old watermark now

	await other.writeDocuments(current, vectorDocuments('second', 110, 23), fingerprint);
	await other.settle();
	const [newer, ...more] = await hnswIndexes(client, collection.id);
	t.deepEqual(more, []);
	t.true(newer!.watermark! > old!.watermark!, 'the other daemon built a newer index and dropped the old one');

	const stale = await compareWithExact(client, collection.id, async probe => searchWith(client, current, probe, 10, old!.watermark!), probes, 10, old!.watermark!);
	t.deepEqual(stale.missedTail, [], 'every row above the stale watermark searched exactly');
	t.deepEqual(stale.wrongScores, []);
	t.true(stale.recall >= 0.95, `recall@10 ${stale.recall}`);
	const daemon = await compareWithExact(client, collection.id, async probe => one.vectorTopK(current, probe, 10), probes, 10, old!.watermark!);
	t.deepEqual(daemon.missedTail, [], 'the daemon that knew the old watermark finds them too');
	t.true(daemon.recall >= 0.95, `recall@10 ${daemon.recall}`);
	const plan = await planOf(client, vectorSearchSql(current, probes[0]!, 10, old!.watermark).search);
	t.true(plan.includes(`Index Scan using ${newer!.name}`), `the newer index serves the rows up to the stale watermark\n${plan}`);

	// A watermark below every row: both parts exact, the ranking exactly the brute-force one.
	const vectors = await visibleVectors(client, collection.id);
	const exact = await searchWith(client, current, probes[1]!, 10, 0);
	t.deepEqual(exact.map(hit => hit.rowid), exactTopK(vectors, probes[1]!, 10).map(hit => hit.rowid));
});

test('a collection deleted while another one\'s index is built: the deletion waits for the build, and both go through', async t => {
	const {storage, problems, lines} = await watchedStorage(t, database.url, 1000);
	const client = await connected(t);
	const deleted = await storage.ensureCollection('deleted', 1);
	await storage.writeDocuments(deleted, vectorDocuments('deleted', 200, 31), fingerprint);
	await storage.settle();
	const building = await storage.ensureCollection('building', 1);
	await storage.writeDocuments(building, vectorDocuments('building', 500, 32), fingerprint); // its build starts now
	await storage.deleteCollection(deleted);
	await storage.settle();
	t.deepEqual(await hnswIndexes(client, deleted.id), []);
	t.truthy(currentIndex(await hnswIndexes(client, building.id)));
	t.deepEqual(problems.list(), [], lines.join('\n'));
});
