// Imports into PostgreSQL in bulk: a large import into a collection with an HNSW index goes in without it (built
// again after, written or not), searches keep answering meanwhile (exactly), and an import that fails in a later
// group, while the one before it is still being written, leaves nothing of itself. On a native PostgreSQL 18 +
// pgvector (test-database.ts).
import test from 'ava';
import pg from 'pg';
import {BackgroundProblems} from '../../daemon/engine/background-problems.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {hnswIndexName, hnswState} from '../../daemon/engine/storage/postgres/hnsw-index.js';
import type {Collection, DocumentToWrite} from '../../daemon/engine/storage/types.js';
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

/** `count` documents of 10 chunks with seeded random vectors, named by `prefix`. */
function documentsOf(prefix: string, count: number, seed: number): DocumentToWrite[] {
	const next = seeded(seed);
	return Array.from({length: count}, (_, document) => documentOf(`${prefix}-${document}.md`, Array.from({length: 10}, (_, ordinal) => ({
		content: `${prefix} chunk ${document} ${ordinal}`, vector: randomUnit(next),
	}))));
}

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

test.serial('a large import goes in without the HNSW index, searches answer exactly meanwhile, and the index is built again after', async t => {
	const {storage, collection, client} = await indexedCollection(t, 'large');
	t.is(await hnswState(client, collection.id), 'ready');
	const added = documentsOf('added', 50, 2); // 500 vectors beside 2,000: past a sixteenth
	const probe = added[0]!.chunks[0]!.vector!;
	const during: Array<{state: string; top: number | undefined}> = [];
	await storage.importDocuments('large', 1, {sources: [], moves: [], vectors: 500, async * groups() {
		for (const group of groupsOf(added, 10)) {
			during.push({state: await hnswState(client, collection.id), top: (await storage.vectorTopK(collection, probe, 1))[0]?.rowid});
			yield group;
		}
	}}, fingerprint);
	t.true(during.every(({state}) => state === 'none'), JSON.stringify(during));
	t.true(during.every(({top}) => top !== undefined), 'searches answered while the import ran');
	await storage.settle();
	const current = (await storage.collection('large'))!;
	t.like(await storage.vectorIndex(current), {vectors: 2500, kind: 'hnsw', rebuilding: null});
	const [best] = await storage.vectorTopK(current, probe, 1);
	t.is((await storage.chunks(current, [best!.rowid])).get(best!.rowid)?.content, 'added chunk 0 0', 'the imported chunks are in the index');
});

test.serial('a small import goes into the HNSW index as it stands', async t => {
	const {storage, collection, client} = await indexedCollection(t, 'small');
	const states: string[] = [];
	await storage.importDocuments('small', 1, {sources: [], moves: [], vectors: 100, async * groups() {
		states.push(await hnswState(client, collection.id));
		yield documentsOf('added', 10, 3);
	}}, fingerprint);
	t.deepEqual(states, ['ready']);
	t.like(await storage.vectorIndex((await storage.collection('small'))!), {vectors: 2100, kind: 'hnsw'});
});

test.serial('an import failing in a later group, the one before still being written, leaves nothing of itself, and the index is built again', async t => {
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

test.serial('a bulk write while this daemon builds the index stops the build, goes in without it, and the index is built after', async t => {
	const lines: string[] = [];
	const log = (line: string) => {
		lines.push(line);
	};

	const problems = new BackgroundProblems(log);
	const storage = await PostgresStorage.open({url: database.url, hnswThreshold: 1000, log, problems});
	t.teardown(async () => storage.close());
	const client = new pg.Client(database.url);
	await client.connect();
	t.teardown(async () => client.end());
	await storage.writeDocuments(await storage.ensureCollection('building', 1), documentsOf('building', 500, 7), fingerprint); // its build starts now
	const collection = (await storage.collection('building'))!;
	const states: string[] = [];
	await storage.importDocuments('building', 1, {sources: [], moves: [], vectors: 100, async * groups() {
		states.push(await hnswState(client, collection.id));
		yield documentsOf('added', 10, 8);
	}}, fingerprint);
	t.deepEqual(states, ['none'], 'the write went in without the index (stopped, or dropped once built)');
	await storage.settle();
	t.is(await hnswState(client, collection.id), 'ready');
	t.like(await storage.vectorIndex((await storage.collection('building'))!), {vectors: 5100, kind: 'hnsw', rebuilding: null});
	t.deepEqual(problems.list(), [], lines.join('\n'));
});

test.serial('a daemon starting builds an index its collection is due and lacks (dropped by a daemon that stopped before building it again)', async t => {
	const {collection, client} = await indexedCollection(t, 'resumed');
	await client.query(`DROP INDEX md_vector.${hnswIndexName(collection.id)}`);
	const next = await PostgresStorage.open({url: database.url, hnswThreshold: 1000});
	t.teardown(async () => next.close());
	await next.settle();
	t.is(await hnswState(client, collection.id), 'ready');
});
