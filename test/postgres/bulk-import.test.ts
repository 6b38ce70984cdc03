// Imports into PostgreSQL in bulk: a large import into a collection with an HNSW index leaves it in place (the
// import's rows land above its watermark), searches keep going through it meanwhile and find the imported rows
// exactly after, and an import that fails in a later group, while the one before it is still being written,
// leaves nothing of itself. On a native PostgreSQL 18 + pgvector (test-database.ts).
import test from 'ava';
import pg from 'pg';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {poll} from '../../source/client/poll.js';
import {hnswIndexes, hnswState, type HnswIndex} from '../../daemon/engine/storage/postgres/hnsw-index.js';
import type {Collection, DocumentToWrite} from '../../daemon/engine/storage/types.js';
import {seeded} from '../helpers/seeded.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';
import {watchedStorage} from '../helpers/postgres/watched-storage.js';
import {lockKeys} from '../../daemon/engine/storage/postgres/lock-keys.js';
import {compareWithExact, type Comparison} from '../helpers/postgres/exact-ranking.js';
import {documentOf, fingerprint, randomUnit, vectorDocuments as documentsOf} from '../storage/fixtures.js';

let database: TestDatabase;

test.before(async () => {
	database = await testDatabase();
});

test.after.always(async () => {
	await database?.stop();
});

/** A collection of 2,000 vectors with its HNSW index built (threshold 1,000). */
async function indexedCollection(t: {teardown: (fn: () => Promise<void>) => void}, name: string): Promise<{storage: PostgresStorage; collection: Collection; client: pg.Client}> {
	const storage = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => storage.close());
	await storage.writeDocuments(await storage.ensureCollection(name, 1), documentsOf(name, 200, 1), fingerprint);
	await storage.settle();
	const client = new pg.Client(database.url);
	await client.connect();
	t.teardown(async () => client.end());
	return {storage, collection: (await storage.collection(name))!, client};
}

function * groupsOf(documents: readonly DocumentToWrite[], size: number): Generator<DocumentToWrite[]> {
	for (let at = 0; at < documents.length; at += size) {
		yield documents.slice(at, at + size);
	}
}

test.serial('a large import leaves the HNSW index in place: searches meanwhile go through it, and after find the imported rows exactly', async t => {
	const {storage, collection, client} = await indexedCollection(t, 'large');
	const [index] = await hnswIndexes(client, collection.id);
	t.true(index?.valid);
	const added = documentsOf('added', 50, 2); // 500 vectors beside 2,000: a fifth, past the sixteenth that used to drop the index
	const next = seeded(9);
	const probes = [added[0]!.chunks[0]!.vector!, ...Array.from({length: 19}, () => randomUnit(next))];
	const search = async (probe: Float32Array) => storage.vectorTopK(collection, probe, 10);
	const during: Array<{indexes: HnswIndex[]; found: Comparison}> = [];
	await storage.importDocuments('large', 1, {sources: [], moves: [], vectors: 500, async * groups() {
		for (const group of groupsOf(added, 10)) {
			// The rows the import wrote so far are its transaction's: searches see the collection as it was.
			during.push({indexes: await hnswIndexes(client, collection.id), found: await compareWithExact(client, collection.id, search, probes, 10, index!.watermark!)});
			yield group;
		}
	}}, fingerprint);
	t.is(during.length, 5);
	t.true(during.every(({indexes}) => indexes.length === 1 && indexes[0]!.name === index!.name && indexes[0]!.valid), JSON.stringify(during.map(({indexes}) => indexes)));
	t.true(during.every(({found}) => found.recall >= 0.95 && found.wrongScores.length === 0), JSON.stringify(during.map(({found}) => found)));

	await storage.settle();
	const current = (await storage.collection('large'))!;
	t.deepEqual(await hnswIndexes(client, collection.id), [index!], 'the same index after (500 rows above it: under the tail a collection keeps)');
	t.like(await storage.vectorIndex(current), {vectors: 2500, kind: 'hnsw', rebuilding: null});
	const after = await compareWithExact(client, collection.id, search, probes, 10, index!.watermark!);
	t.deepEqual(after.missedTail, [], 'the imported rows are searched exactly');
	t.deepEqual(after.wrongScores, []);
	t.true(after.recall >= 0.95, `recall@10 ${after.recall}`);
	const [best] = await storage.vectorTopK(current, probes[0]!, 1);
	t.is((await storage.chunks(current, [best!.rowid])).get(best!.rowid)?.content, 'added chunk 0 0', 'the imported chunks are found');
});

test.serial('a small import leaves the HNSW index as it stands', async t => {
	const {storage, collection, client} = await indexedCollection(t, 'small');
	const states: string[] = [];
	await storage.importDocuments('small', 1, {sources: [], moves: [], vectors: 100, async * groups() {
		states.push(await hnswState(client, collection.id));
		yield documentsOf('added', 10, 3);
	}}, fingerprint);
	t.deepEqual(states, ['ready']);
	t.like(await storage.vectorIndex((await storage.collection('small'))!), {vectors: 2100, kind: 'hnsw'});
});

test.serial('an import failing in a later group, the one before still being written, leaves nothing of itself, and the index stands', async t => {
	const {storage, collection, client} = await indexedCollection(t, 'failing');
	const before = await storage.stats(collection);
	const postings = async () => (await client.query<{count: number}>('SELECT count(*)::int AS count FROM md_vector.postings WHERE collection_id = $1', [collection.id])).rows[0]!.count;
	const postingsBefore = await postings();
	const added = documentsOf('added', 50, 4);
	const broken = documentOf('broken.md', [{content: 'a NUL \0 PostgreSQL refuses in text', vector: randomUnit(seeded(5))}]);
	await t.throwsAsync(storage.importDocuments('failing', 1, {sources: [], moves: [], vectors: 501, async * groups() {
		yield * groupsOf(added, 25);
		yield [broken];
		yield documentsOf('after', 1, 6);
	}}, fingerprint));
	t.deepEqual(await storage.stats(collection), before);
	t.is(await postings(), postingsBefore, 'no posting of the import');
	t.is((await storage.documents(collection)).length, 200);
	await storage.settle();
	t.is(await hnswState(client, collection.id), 'ready');

	await t.throwsAsync(storage.importDocuments('failing', 1, {sources: [], moves: [], vectors: 500, async * groups() {
		yield * groupsOf(added, 25);
		throw new Error('the spool could not be read');
	}}, fingerprint), {message: 'the spool could not be read'});
	t.deepEqual(await storage.stats(collection), before, 'nothing of a group written while the next was read');
	t.is(await postings(), postingsBefore);
	await storage.settle();
	t.is(await hnswState(client, collection.id), 'ready');
});

test.serial('a bulk write while this daemon builds the index lets the build go on (its rows land above the watermark), and the index is valid after', async t => {
	const {storage, problems, lines} = await watchedStorage(t, database.url, 1000);
	const client = new pg.Client(database.url);
	await client.connect();
	t.teardown(async () => client.end());
	await storage.writeDocuments(await storage.ensureCollection('building', 1), documentsOf('building', 500, 7), fingerprint); // its build starts now
	const collection = (await storage.collection('building'))!;
	t.truthy(await poll(async () => (await hnswState(client, collection.id) === 'none' ? undefined : true), 60_000), 'the build under way (or done)');

	const states: string[] = [];
	await storage.importDocuments('building', 1, {sources: [], moves: [], vectors: 100, async * groups() {
		states.push(await hnswState(client, collection.id));
		yield documentsOf('added', 10, 8);
	}}, fingerprint);
	t.true(states.every(state => state !== 'none'), 'the build was not stopped, nor the index dropped');
	await storage.settle();
	t.is(await hnswState(client, collection.id), 'ready');
	t.like(await storage.vectorIndex((await storage.collection('building'))!), {vectors: 5100, kind: 'hnsw', rebuilding: null});
	t.deepEqual(problems.list(), [], lines.join('\n'));
});

test.serial('a large bulk write stops this daemon\'s build under way (they would compete for the cores), and the index is built after it', async t => {
	const {storage, problems, lines} = await watchedStorage(t, database.url, 1000, 0); // the build starts as soon as the write ends
	// Builds wait for the lock of index builds on chunks: holding it keeps this daemon's build under way, not yet built.
	const holder = new pg.Client(database.url);
	await holder.connect();
	t.teardown(async () => holder.end());
	await holder.query('SELECT pg_advisory_lock($1, $2)', lockKeys.chunkIndexes);
	await storage.writeDocuments(await storage.ensureCollection('stopped', 1), documentsOf('stopped', 200, 9), fingerprint); // its build starts, and waits
	const collection = (await storage.collection('stopped'))!;
	t.like(await storage.vectorIndex(collection), {kind: 'flat', rebuilding: 'hnsw'}, 'the build under way');

	// 500 vectors beside 2,000: more than a sixteenth.
	await storage.importDocuments('stopped', 1, {sources: [], moves: [], vectors: 500, async * groups() {
		yield documentsOf('added', 50, 10);
	}}, fingerprint);
	t.true(lines.some(line => line.includes('the HNSW index build of \'stopped\' stopped for a bulk write')), lines.join('\n'));
	await holder.query('SELECT pg_advisory_unlock($1, $2)', lockKeys.chunkIndexes);
	await storage.settle();
	const indexes = await hnswIndexes(holder, collection.id);
	t.is(indexes.length, 1);
	t.is(indexes[0]!.watermark, Number((await holder.query<{id: string}>('SELECT max(id)::text AS id FROM md_vector.chunks WHERE collection_id = $1', [collection.id])).rows[0]!.id), 'built after the write, over its rows too');
	t.like(await storage.vectorIndex(collection), {vectors: 2500, kind: 'hnsw', rebuilding: null});
	t.deepEqual(problems.list(), [], lines.join('\n'));
});

test.serial('a daemon starting builds an index its collection is due and lacks, and replaces one of before watermarks and one left invalid', async t => {
	const {collection, client} = await indexedCollection(t, 'resumed');
	const dropIndexes = async () => {
		for (const {name} of await hnswIndexes(client, collection.id)) {
			await client.query(`DROP INDEX md_vector.${name}`);
		}
	};

	await dropIndexes();
	const next = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => next.close());
	await next.settle();
	t.is(await hnswState(client, collection.id), 'ready');

	// An index as md-vector built before watermarks (covering every row), and one a build that died left invalid.
	await dropIndexes();
	await client.query(`CREATE INDEX chunks_hnsw_${collection.id} ON md_vector.chunks USING hnsw ((embedding::vector(8)) vector_ip_ops)
		WHERE collection_id = ${collection.id} AND embedding IS NOT NULL`);
	await client.query(`CREATE INDEX chunks_hnsw_${collection.id}_1 ON md_vector.chunks (id) WHERE collection_id = ${collection.id}`);
	await client.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'md_vector.chunks_hnsw_${collection.id}_1'::regclass`);
	t.true((await next.vectorTopK(collection, randomUnit(seeded(3)), 10)).length === 10, 'searched through the old index meanwhile');
	const third = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => third.close());
	await third.settle();
	const indexes = await hnswIndexes(client, collection.id);
	t.is(indexes.length, 1, JSON.stringify(indexes));
	t.true(indexes[0]!.valid && indexes[0]!.watermark! > 1);
});

test.serial('builds wait for writes to settle: none starts between the parts of an import, one after the last, over every part', async t => {
	const {storage, problems, lines} = await watchedStorage(t, database.url, 1000, 500);
	const client = new pg.Client(database.url);
	await client.connect();
	t.teardown(async () => client.end());
	const collection = await storage.ensureCollection('parts', 1);
	// Three parts of 1,000 vectors, one after the other as `md-vector import` of each part sends them: the first
	// leaves the collection due an index, and each later one brings more than a sixteenth of it.
	for (let part = 0; part < 3; part++) {
		await storage.importDocuments('parts', 1, {sources: [], moves: [], vectors: 1000, async * groups() {
			yield documentsOf(`part-${part}`, 100, 20 + part);
		}}, fingerprint);
		t.is(await hnswState(client, collection.id), 'none', `no build began after part ${part + 1}`);
	}

	t.truthy(await poll(async () => (await hnswState(client, collection.id) === 'ready' ? true : undefined), 60_000), 'built once the writes settled');
	const indexes = await hnswIndexes(client, collection.id);
	t.is(indexes.length, 1);
	t.is(indexes[0]!.watermark, Number((await client.query<{id: string}>('SELECT max(id)::text AS id FROM md_vector.chunks WHERE collection_id = $1', [collection.id])).rows[0]!.id), 'over every part');
	t.false(lines.some(line => line.includes('stopped for a bulk write')), lines.join('\n'));
	t.deepEqual(problems.list(), [], lines.join('\n'));
});
