// The job board on PostgreSQL (migration 5): a job run by one daemon's registry is found, followed and
// cancelled through another's, and a job whose daemon died reads as failed. Two registries on two storages
// (two connection pools, as two daemons have) of one native PostgreSQL 18 database (test-database.ts); the
// dead daemon is another process, killed.
import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import pg from 'pg';
import {poll} from '../../source/client/poll.js';
import type {DirectoryReport} from '../../daemon/engine/sources/sync-totals.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {JobRegistry} from '../../daemon/jobs/job-registry.js';
import {toJob} from '../../daemon/to-wire/jobs.js';
import {sharedJobBoard} from '../../daemon/job-board-format.js';
import {repoRoot} from '../helpers/paths.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';

let database: TestDatabase;
let storages: PostgresStorage[];

test.before(async () => {
	database = await testDatabase();
	storages = [await PostgresStorage.open({url: database.url}), await PostgresStorage.open({url: database.url})];
});

test.after.always(async () => {
	await Promise.all(storages.map(async storage => storage.close()));
	await database?.stop();
});

/** A job as another daemon finds it, as the API shows it. */
async function found(registry: JobRegistry, id: string) {
	const job = await registry.find(id);
	return job && toJob(job);
}

/** The JSON the board keeps for a job (md_vector.jobs.job), which daemons of every version read. */
async function stored(id: string): Promise<unknown> {
	const client = new pg.Client(database.url);
	await client.connect();
	try {
		const {rows} = await client.query<{job: unknown}>('SELECT job FROM md_vector.jobs WHERE id = $1', [id]);
		return rows[0]?.job;
	} finally {
		await client.end();
	}
}

const counts = {totalFiles: 3, processedFiles: 0, indexed: 0, unchanged: 0, moved: 0, failed: 0, chunks: 0};

test.serial('a job one daemon runs is found, followed and cancelled through another', async t => {
	const [running, other] = storages.map(storage => new JobRegistry(sharedJobBoard(storage.jobBoard())));
	let cancelled!: () => void;
	const stopped = new Promise<void>(resolve => {
		cancelled = resolve;
	});
	const job = await running!.start('notes', '/data/notes', async (signal, onProgress) => {
		onProgress({...counts, processedFiles: 1, indexed: 1, chunks: 4});
		signal.addEventListener('abort', cancelled);
		await stopped;
		return {...counts, processedFiles: 1, indexed: 1, chunks: 4, cancelled: true, files: [{file: 'a.md', status: 'indexed', chunks: 4}]} satisfies DirectoryReport;
	});

	t.is(other!.get(job.id), undefined, 'not the other daemon\'s own');
	t.like(await found(other!, job.id), {id: job.id, type: 'ingest-directory', collection: 'notes', directory: '/data/notes', state: 'running'}, 'found as soon as it started');
	const progressed = await poll(async () => ((await found(other!, job.id))?.progress.processed_files === 1 ? true : undefined), 30_000, 100);
	t.true(progressed, 'its progress is recorded as it runs');

	t.like(await other!.requestCancel(job.id), {id: job.id, state: 'running'}, 'asked through the other daemon');
	const ended = await poll(async () => {
		const seen = await found(other!, job.id);
		return seen?.state === 'running' ? undefined : seen;
	}, 30_000, 100);
	t.like(ended, {state: 'cancelled', cancelled_by: 'request', progress: {processed_files: 1, chunks: 4}});
	t.deepEqual(ended?.report?.files, [{file: 'a.md', status: 'indexed', chunks: 4}], 'with its report');
	t.deepEqual(ended, toJob(running!.get(job.id)!), 'as its own daemon has it');
	t.deepEqual(await stored(job.id), toJob(running!.get(job.id)!), 'kept as the API shows it, as daemons of earlier versions kept it and answer it');
});

test.serial('unknown ids are not found, whatever they look like', async t => {
	const registry = new JobRegistry(sharedJobBoard(storages[0]!.jobBoard()));
	for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '\'; DROP TABLE md_vector.jobs; --']) {
		t.is(await registry.find(id), undefined, id);
		t.is(await registry.requestCancel(id), undefined, id);
	}
});

test.serial('the job of a daemon killed while it runs reads as failed through another', async t => {
	// A daemon's stand-in: another process with a registry on the database, running a job that never ends.
	const holder = execaNode('--input-type=module', ['-e', `
		import {PostgresStorage} from ${JSON.stringify(path.join(repoRoot, 'dist', 'daemon', 'engine', 'storage', 'postgres', 'postgres-storage.js'))};
		import {JobRegistry} from ${JSON.stringify(path.join(repoRoot, 'dist', 'daemon', 'jobs', 'job-registry.js'))};
		import {sharedJobBoard} from ${JSON.stringify(path.join(repoRoot, 'dist', 'daemon', 'job-board-format.js'))};
		const storage = await PostgresStorage.open({url: ${JSON.stringify(database.url)}});
		const job = await new JobRegistry(sharedJobBoard(storage.jobBoard())).start('notes', '/data/notes', () => new Promise(() => {}));
		console.log('job ' + job.id);
		setInterval(() => {}, 1000);
	`], {reject: false, buffer: false, cwd: repoRoot});
	const id = await new Promise<string>((resolve, reject) => {
		let out = '';
		holder.stdout.on('data', (data: Buffer) => {
			out += data.toString();
			const match = /job (\S+)/.exec(out);
			if (match) {
				resolve(match[1]!);
			}
		});
		void holder.then(result => {
			reject(new Error(`the stand-in exited: ${String(result.stderr)}`));
		});
	});
	const registry = new JobRegistry(sharedJobBoard(storages[1]!.jobBoard()));
	t.like(await found(registry, id), {id, state: 'running'}, 'running while its daemon lives');
	holder.kill('SIGKILL');
	await holder;
	const failed = await poll(async () => {
		const seen = await found(registry, id);
		return seen?.state === 'running' ? undefined : seen;
	}, 30_000, 100);
	t.is(failed?.state, 'failed');
	t.regex(failed?.error ?? '', /stopped before it ended/);
	t.truthy(failed?.finished_at);
});
