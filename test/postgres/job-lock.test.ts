// Job ownership among daemons (Storage.ownJob on PostgreSQL): one daemon at a time, and a dead daemon's job
// taken over. On a native PostgreSQL 18 (a database of this file's own: test-database.ts), where every
// connection is a session of its own, as advisory locks need.
import {execaNode} from 'execa';
import test from 'ava';
import pg from 'pg';
import {withJobLock} from '../../daemon/engine/storage/postgres/job-lock.js';
import {int4Key, lockKeys} from '../../daemon/engine/storage/postgres/lock-keys.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';

let server: TestDatabase | undefined;

test.before(async () => {
	server = await testDatabase();
});

test.after.always(async () => {
	await server?.stop();
});

test.serial('a job another daemon owns waits until that one ends', async t => {
	const [first, second] = [new pg.Pool({connectionString: server!.url}), new pg.Pool({connectionString: server!.url})];
	const events: string[] = [];
	let finish!: () => void;
	const gate = new Promise<void>(resolve => {
		finish = resolve;
	});
	let started!: () => void;
	const firstStarted = new Promise<void>(resolve => {
		started = resolve;
	});
	const never = new AbortController().signal;
	const one = withJobLock(first, 'ingest-directory\0notes\0/data', async () => {
		events.push('first starts');
		started();
		await gate;
		events.push('first ends');
	}, never);
	await firstStarted;
	// The second daemon's try gives its connection back once it found the job taken: then the first may end.
	const triedOnce = new Promise(resolve => second.once('release', resolve));
	const two = withJobLock(second, 'ingest-directory\0notes\0/data', async () => {
		events.push('second starts');
	}, never);
	await triedOnce;
	finish();
	await Promise.all([one, two]);
	t.deepEqual(events, ['first starts', 'first ends', 'second starts']);
	await Promise.all([first.end(), second.end()]);
});

test.serial('the job of a daemon killed while it runs it is taken over (its lock went with its connection)', async t => {
	const key = lockKeys.job(int4Key('vector-fill'));
	// A daemon's stand-in: another process that takes the job's lock, says so, and runs on until killed.
	const holder = execaNode('--input-type=module', ['-e', `
		import pg from 'pg';
		const client = new pg.Client(${JSON.stringify(server!.url)});
		await client.connect();
		await client.query('SELECT pg_advisory_lock($1, $2)', ${JSON.stringify(key)});
		console.log('locked');
		setInterval(() => {}, 1000);
	`], {reject: false, buffer: false, cwd: process.cwd()});
	await new Promise<void>(resolve => {
		holder.stdout.on('data', (data: Buffer) => {
			if (data.toString().includes('locked')) {
				resolve();
			}
		});
	});
	const pool = new pg.Pool({connectionString: server!.url});
	let ran = false;
	const job = withJobLock(pool, 'vector-fill', async () => {
		ran = true;
	}, new AbortController().signal);
	await new Promise(resolve => pool.once('release', resolve)); // tried once: taken
	t.false(ran, 'not while the other process holds it');
	holder.kill('SIGKILL');
	await holder;
	await job;
	t.true(ran);
	await pool.end();
});
