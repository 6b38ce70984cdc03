// The HNSW index on PostgreSQL: a collection above the threshold gets its index, searches go through it (the
// plan of the very statement a search runs), find what exact search finds, and return k rows even when k is
// above the search list (iterative scan). On a native PostgreSQL 18 + pgvector (test-database.ts).
import test from 'ava';
import pg from 'pg';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {hnswIndexName} from '../../daemon/engine/storage/postgres/hnsw-index.js';
import {vectorSearchSql} from '../../daemon/engine/storage/postgres/vectors.js';
import {seeded} from '../helpers/seeded.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';
import {documentOf, fingerprint, randomUnit} from '../storage/fixtures.js';

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
	const {setup, search} = vectorSearchSql(current, probes[0]!, 10);
	const {rows: [ef]} = await client.query<{value: string}>(`${setup} AS value`);
	t.is(ef!.value, '40', 'a search list for 2,000 vectors');
	const plan = (await client.query<{'QUERY PLAN': string}>(`EXPLAIN ${search}`)).rows.map(row => row['QUERY PLAN']).join('\n');
	t.true(plan.includes(`Index Scan using ${hnswIndexName(current.id)}`), plan.replaceAll(/'\[[^\]]*]'/g, 'Q'));
});
