// Many daemons, one database: real daemons (separate processes, each its own MD_VECTOR_HOME) on one native
// PostgreSQL 18 with pgvector (a database of this file's own: test-database.ts).
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {inconsistencies} from '../helpers/database-consistency.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {loggedUrl, testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';

let database: TestDatabase;
let first: RunningDaemon;
let second: RunningDaemon;
const roots = temporaryDirectory('md-vector-pg-folders-');
const folder = path.join(roots, 'logs');
const env = () => ({MD_VECTOR_DATABASE_URL: database.url, MD_VECTOR_ALLOWED_ROOTS: roots});

test.before(async () => {
	mkdirSync(folder);
	database = await testDatabase();
	// Started together: the schema is migrated once, under the migration lock, whoever comes first.
	[first, second] = await Promise.all([startDaemon(env()), startDaemon(env())]);
	await Promise.all([untilReady(first), untilReady(second)]);
});

test.after.always(async () => {
	await Promise.all([first?.stop(), second?.stop()]);
	await database?.stop();
});

/** The collection's documents through the daemon's API (none while the collection does not exist). */
async function documentsOf(daemon: RunningDaemon, collection: string): Promise<Array<{file: string; chunks: number; content_hash: string}>> {
	const {status, body} = await daemon.request('GET', `/api/v1/documents?collection=${collection}`);
	return status === 404 ? [] : body.documents;
}

test.serial('both daemons serve from the database, and say so in their log and /health', async t => {
	for (const daemon of [first, second]) {
		t.true(daemon.log().includes(`(database: ${loggedUrl(database.url)})`), daemon.log());
		t.false(daemon.log().includes(new URL(database.url).password), 'the password is not logged');
		const {body: health} = await daemon.request('GET', '/api/v1/health');
		t.is(health.checks.chromadb.backend, 'postgres');
		t.like(health.checks.storage, {backend: 'postgres', location: loggedUrl(database.url), database: database.name, pgvector: '0.8.2'});
		t.regex(health.checks.storage.server, /^PostgreSQL 18\./);
		t.true(health.checks.storage.pool.open >= 1 && health.checks.storage.pool.max === 8, JSON.stringify(health.checks.storage.pool));
		t.deepEqual(health.checks.writes, {running: null, waiting: []});
	}
});

test.serial('a document ingested through one daemon is found through the other as soon as the ingest is acknowledged', async t => {
	const ingested = await first.request('POST', '/api/v1/ingest', {content: '# Tides\n\nThe moon pulls the ocean into tides.\n\n## Neap\n\nWeak tides at quarter moon.\n', file_name: 'tides.md', collection: 'shared'});
	t.is(ingested.status, 200);

	const keyword = await second.request('POST', '/api/v1/search', {query: 'quarter moon tides', collection: 'shared', mode: 'keyword'});
	t.is(keyword.status, 200);
	t.is(keyword.body.results[0].source_file, 'tides.md');
	const hybrid = await second.request('POST', '/api/v1/search', {query: 'ocean tides', collection: 'shared'});
	t.true(hybrid.body.results.some((result: {source_file: string}) => result.source_file === 'tides.md'));
	t.deepEqual((await second.request('GET', '/api/v1/collections')).body.collections.find((entry: {name: string}) => entry.name === 'shared'), {name: 'shared', count: 2, documents: 1, sources: 0, last_sync_at: null});

	t.is((await second.request('DELETE', '/api/v1/documents/tides.md?collection=shared')).status, 200);
	t.deepEqual(await documentsOf(first, 'shared'), []);
});

test.serial('concurrent ingests of one file through two daemons end with one whole copy', async t => {
	const version = (label: string, sections: number) => `# Race ${label}\n\n${Array.from({length: sections}, (_, index) => `## ${label} part ${index}\n\nRacing text ${label} ${index}.\n`).join('\n')}`;
	for (let round = 0; round < 4; round++) {
		const answers = await Promise.all([
			first.request('POST', '/api/v1/ingest', {content: version('alpha', 3), file_name: 'race.md', collection: 'race'}),
			second.request('POST', '/api/v1/ingest', {content: version('beta', 6), file_name: 'race.md', collection: 'race'}),
		]);
		t.deepEqual(answers.map(answer => answer.status), [200, 200]);

		const documents = await documentsOf(second, 'race');
		t.is(documents.length, 1);
		const found = await first.request('POST', '/api/v1/search', {query: 'racing text part', collection: 'race', mode: 'keyword', top_k: 50});
		const labels = new Set(found.body.results.map((result: {content: string}) => /Racing text (\w+)/.exec(result.content)?.[1]));
		t.is(labels.size, 1, 'every chunk found belongs to one version');
		t.is(found.body.results.length, labels.has('alpha') ? 3 : 6);
		t.is(documents[0]!.chunks, answers[labels.has('alpha') ? 0 : 1].body.chunks);
	}

	t.deepEqual(await inconsistencies(database.url), []);
});

test.serial('a folder ingestion run by one daemon is read, followed to its end and listed only by it, through the other', async t => {
	const notes = path.join(roots, 'tides');
	mkdirSync(notes);
	for (let file = 0; file < 30; file++) {
		writeFileSync(path.join(notes, `tide-${file}.md`), `# Tide ${file}\n\nHigh water at ${file} o'clock.\n`);
	}

	const started = await first.request('POST', '/api/v1/jobs/ingest-directory', {directory: notes, collection: 'tides'});
	t.is(started.status, 202);
	const {id} = started.body.job as {id: string};
	const seen = await second.request('GET', `/api/v1/jobs/${id}`);
	t.is(seen.status, 200, 'found through the other daemon as soon as it is started');
	t.like(seen.body.job, {id, type: 'ingest-directory', collection: 'tides', directory: notes});
	// Followed to its end through the other daemon: progress events, then done with the report.
	const events = await (await fetch(`${second.url}/api/v1/jobs/${id}/events`)).text();
	const done = /event: done\ndata: (.*)\n/.exec(events);
	t.truthy(done, events);
	const followed = JSON.parse(done![1]!);
	t.like(followed, {id, state: 'completed', progress: {total_files: 30, indexed: 30}});
	t.deepEqual(followed, (await first.request('GET', `/api/v1/jobs/${id}`)).body.job, 'as the daemon running it has it');
	t.deepEqual((await second.request('GET', `/api/v1/jobs/${id}`)).body.job, followed);
	t.false((await second.request('GET', '/api/v1/jobs')).body.jobs.some((job: {id: string}) => job.id === id), 'listed by the daemon that runs it');
	t.true((await first.request('GET', '/api/v1/jobs')).body.jobs.some((job: {id: string}) => job.id === id));
	t.is((await second.request('GET', '/api/v1/jobs/00000000-0000-4000-8000-000000000000')).status, 404);
	t.is((await second.request('POST', '/api/v1/jobs/not-a-job/cancel')).status, 404);
});

test.serial('a daemon killed (SIGKILL) during a folder ingestion leaves the database consistent and the other one serving', async t => {
	// Enough files that the kill lands mid-ingestion: the pipeline commits a group (~256 chunks) while it embeds the next.
	const total = 2000;
	for (let file = 0; file < total; file++) {
		writeFileSync(path.join(folder, `note-${String(file).padStart(4, '0')}.md`), `# Note ${file}\n\nLighthouse keeper log ${file}.\n\n## Weather\n\nFog and wind on day ${file}.\n`);
	}

	const doomed = await startDaemon(env());
	const started = await doomed.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'logs'});
	t.is(started.status, 202);
	// Killed once part of the folder is in, while the rest is being written.
	const partly = await poll(async () => {
		const count = (await documentsOf(second, 'logs')).length;
		return count >= 20 ? count : undefined;
	}, 60_000);
	doomed.process.kill('SIGKILL');
	await doomed.process;
	t.truthy(partly);
	// The other daemon answers for the job (the job board): failed, its daemon gone.
	const abandoned = await poll(async () => {
		const {body} = await second.request('GET', `/api/v1/jobs/${started.body.job.id as string}`);
		return body.job?.state === 'running' ? undefined : body.job;
	}, 30_000);
	t.like(abandoned, {id: started.body.job.id, state: 'failed', collection: 'logs'});
	t.regex(abandoned.error, /stopped before it ended/);

	t.deepEqual(await inconsistencies(database.url), []);
	const kept = await documentsOf(second, 'logs');
	t.true(kept.length < total, 'the ingestion was cut off');
	const found = await second.request('POST', '/api/v1/search', {query: 'lighthouse keeper', collection: 'logs', mode: 'keyword'});
	t.is(found.status, 200);
	t.true(found.body.results.length > 0);

	// The other daemon takes the job over (the dead one's lock went with its connection) and finishes it.
	const again = await second.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'logs'});
	t.is(again.status, 202);
	const finished = await poll(async () => {
		const {job: state} = (await second.request('GET', `/api/v1/jobs/${again.body.job.id as string}`)).body;
		return state.state === 'running' ? undefined : state;
	}, 120_000);
	t.is(finished?.state, 'completed');
	const all = await documentsOf(first, 'logs');
	t.is(all.length, total);
	// What the killed daemon had stored was whole: the same chunks as the same file written by the other one.
	const whole = new Map(all.map(document => [document.file, document]));
	t.deepEqual(kept, kept.map(document => whole.get(document.file)));
	t.deepEqual(await inconsistencies(database.url), []);
});
