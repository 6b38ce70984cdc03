// Migration both ways between the backends through the API: an export of the embedded store (SQLite + FAISS)
// imported into a daemon on PostgreSQL, and back, carries every vector (nothing is embedded again) and ranks the
// same. Real daemons, a native PostgreSQL 18 with pgvector (a database of this file's own: test-database.ts).
import test, {type ExecutionContext} from 'ava';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';

let database: TestDatabase;
let embedded: RunningDaemon;
let shared: RunningDaemon;

test.before(async () => {
	database = await testDatabase();
	[embedded, shared] = await Promise.all([startDaemon(), startDaemon({MD_VECTOR_DATABASE_URL: database.url})]);
	await Promise.all([untilReady(embedded), untilReady(shared)]);
});

test.after.always(async () => {
	await Promise.all([embedded?.stop(), shared?.stop()]);
	await database?.stop();
});

const notes = [
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
async function rankings(daemon: RunningDaemon, collection: string) {
	const answers = [];
	for (const query of queries) {
		for (const mode of ['keyword', 'semantic', 'hybrid']) {
			const {body} = await daemon.request('POST', '/api/v1/search', {query, mode, collection});
			answers.push(body.results.map((result: {id: string; score: number}) => [result.id, Number(result.score.toFixed(5))]));
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
	t.deepEqual(await rankings(target, collection), await rankings(source, collection));
}

test.serial('export and import, SQLite + FAISS to PostgreSQL: the same documents, chunks, vectors and rankings', async t => {
	await migrates(t, embedded, shared, 'from-embedded');
});

test.serial('export and import, PostgreSQL to SQLite + FAISS: the same documents, chunks, vectors and rankings', async t => {
	await migrates(t, shared, embedded, 'from-postgres');
});
