// Migration both ways between the backends through the API: an export of the embedded store (SQLite + FAISS)
// imported into a daemon on PostgreSQL, and back, carries every vector (nothing is embedded again) and ranks the
// same; a collection that follows a folder follows it on the other side too. Real daemons, on
// a native PostgreSQL 18 with pgvector (a database of this file's own: test-database.ts).
import {realpathSync} from 'node:fs';
import os from 'node:os';
import test, {type ExecutionContext} from 'ava';
import {poll} from '../../source/client/poll.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {makeTree} from '../helpers/file-tree.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';

let database: TestDatabase;
let embedded: RunningDaemon;
let shared: RunningDaemon;

test.before(async () => {
	database = await testDatabase();
	const roots = {MD_VECTOR_ALLOWED_ROOTS: os.tmpdir()}; // the folders of the test's sources
	[embedded, shared] = await Promise.all([startDaemon(roots), startDaemon({...roots, MD_VECTOR_DATABASE_URL: database.url})]);
	await Promise.all([untilReady(embedded), untilReady(shared)]);
});

test.after.always(async () => {
	await Promise.all([embedded?.stop(), shared?.stop()]);
	await database?.stop();
});

const notes: Array<[string, string]> = [
	['garden.md', '# Garden\n\nTomatoes need full sun and deep watering.\n\n## Herbs\n\nBasil likes warmth; mint spreads everywhere.\n'],
	['kitchen.md', '# Kitchen\n\nLentil soup with cumin.\n\n## Bread\n\nSourdough needs a lively starter and patience.\n'],
	['tools/shed.md', '# Shed\n\nA spade, a rake and a wheelbarrow with a flat tyre.\n'],
];
const queries = ['basil warmth', 'sourdough starter', 'wheelbarrow tyre', 'soup'];

async function exported(daemon: RunningDaemon, collection: string): Promise<string> {
	const response = await fetch(`${daemon.url}/api/v1/export?collection=${collection}&format=jsonl`);
	return response.text();
}

/** The export without what each store sets for itself (the export time). */
const comparable = (jsonl: string) => jsonl.trim().split('\n').map(line => {
	const {exported_at: _exportedAt, ...rest} = JSON.parse(line) as Record<string, unknown>;
	return rest;
});

/**
 * Each query's results in each mode, with their scores. Both backends count BM25's statistics over the whole
 * store, and both stores hold the same collections when they are compared.
 */
async function rankings(daemon: RunningDaemon, collection: string): Promise<Array<Array<readonly [string, number]>>> {
	const answers: Array<Array<readonly [string, number]>> = [];
	for (const query of queries) {
		for (const mode of ['keyword', 'semantic', 'hybrid']) {
			const {body} = await daemon.request('POST', '/api/v1/search', {query, mode, collection});
			answers.push(body.results.map((result: {id: string; score: number}) => [result.id, result.score] as const));
		}
	}

	return answers;
}

async function importInto(daemon: RunningDaemon, jsonl: string) {
	const response = await fetch(`${daemon.url}/api/v1/import`, {method: 'POST', headers: {'content-type': 'application/x-ndjson'}, body: jsonl});
	return {status: response.status, body: await response.json()};
}

/** Ingests through `source`, exports, imports into `target`, and compares. */
async function migrates(t: ExecutionContext, source: RunningDaemon, target: RunningDaemon, collection: string) {
	for (const [fileName, content] of notes) {
		t.is((await source.request('POST', '/api/v1/ingest', {content, file_name: fileName, collection})).status, 200);
	}

	const original = await exported(source, collection);
	t.true(original.includes('"vector"'), 'the export carries the vectors');
	t.like(await importInto(target, original), {status: 200, body: {collection, documents: 3}});

	t.deepEqual(comparable(await exported(target, collection)), comparable(original), 'the vectors arrived as they were, not embedded again');
	const [after, before] = [await rankings(target, collection), await rankings(source, collection)];
	t.deepEqual(after.map(hits => hits.map(([id]) => id)), before.map(hits => hits.map(([id]) => id)), 'the same hits in the same order');
	// The same scores up to float noise: each backend sums BM25 in its own order (a fused score moved 1e-5).
	const apart = after.flatMap((hits, query) => hits.map(([, score], rank) => Math.abs(score - before[query]![rank]![1])));
	t.true(apart.every(distance => distance < 1e-4), `scores within 1e-4 (largest difference ${Math.max(...apart)})`);
}

test.serial('export and import, SQLite + FAISS to PostgreSQL: the same documents, chunks, vectors and rankings', async t => {
	await migrates(t, embedded, shared, 'from-embedded');
});

test.serial('export and import, PostgreSQL to SQLite + FAISS: the same documents, chunks, vectors and rankings', async t => {
	await migrates(t, shared, embedded, 'from-postgres');
});

/** Starts a job and answers it once it ended. */
async function finished(daemon: RunningDaemon, route: string, body: unknown) {
	const started = await daemon.request('POST', route, body);
	return poll(async () => {
		const {job} = (await daemon.request('GET', `/api/v1/jobs/${started.body.job.id as string}`)).body;
		return job.state === 'running' ? undefined : job;
	}, 60_000);
}

test.serial('a collection that follows a folder follows it on the other backend, and back: the next update there finds nothing to do', async t => {
	const folder = realpathSync(makeTree(Object.fromEntries(notes)));
	t.like(await finished(embedded, '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'followed', exclude: ['drafts']}), {state: 'completed'});
	const original = await exported(embedded, 'followed');
	for (const [target, collection, from] of [[shared, 'followed', original], [embedded, 'followed-back', undefined]] as const) {
		const body = from ?? await exported(shared, 'followed');
		const response = await fetch(`${target.url}/api/v1/import?collection=${collection}`, {method: 'POST', headers: {'content-type': 'application/x-ndjson'}, body});
		t.like(await response.json(), {collection, documents: 3, sources: [{path: folder, added: true, missing: false}]});
		// Chunk ids are made from the collection's name: another name, other ids.
		const documentsOf = (jsonl: string) => comparable(jsonl).slice(1).map(document => ({...document, chunks: (document.chunks as Array<Record<string, unknown>>).map(({id: _id, ...chunk}) => chunk)}));
		// As the export imported had them (a sync in between may have recorded a file's mtime, unknown at first: a file
		// written just before it was read records no stamp).
		t.deepEqual(documentsOf(await exported(target, collection)), documentsOf(body), 'documents with their places and texts, as they were');
		const update = await finished(target, '/api/v1/jobs/update', {collection});
		t.like(update?.report.sync.collections[0].sources[0], {added: [], changed: [], removed: [], moved: [], renamed: [], conflicts: [], unchanged: 3, error: null});
		const {sources} = (await target.request('GET', `/api/v1/collections/${collection}/sources`)).body;
		t.like(sources, [{path: folder, exclude: ['drafts'], documents: 3}]);
	}
});
