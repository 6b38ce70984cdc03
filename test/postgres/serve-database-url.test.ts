// `md-vector serve --database-url` and the database-url setting: the real CLI starts a daemon on a native
// PostgreSQL 18 with pgvector (a database of this file's own: test-database.ts).
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import {cli, cliPath} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {loggedUrl, testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';

let database: TestDatabase;

test.before(async () => {
	database = await testDatabase();
});

test.after.always(async () => {
	await database?.stop();
});

test.serial('serve --database-url serves the database, and what is ingested through it is there for the next daemon', async t => {
	const md = cli();
	const serve = execaNode(cliPath, ['serve', '-p', '0', '--database-url', database.url], {env: md.environment, reject: false, buffer: false});
	// Stopped whatever an assertion below finds (a failed one must not leave it serving, and the run waiting).
	t.teardown(async () => {
		serve.kill('SIGKILL');
		await serve;
	});
	let log = '';
	const line = await new Promise<string>((resolve, reject) => {
		serve.stderr.on('data', (data: Buffer) => {
			log += data.toString();
			const match = /listening on .*/.exec(log);
			if (match) {
				resolve(match[0]);
			}
		});
		void serve.then(result => {
			reject(new Error(`serve exited (${result.exitCode}) before listening: ${log}`));
		});
	});
	t.true(line.endsWith(`(database: ${loggedUrl(database.url)})`), line);
	const file = path.join(temporaryDirectory('md-vector-kelp-'), 'kelp.md');
	writeFileSync(file, '# Kelp\n\nKelp forests shelter otters.\n');
	t.is((await md.run(['ingest', file, '-C', 'sea'])).exitCode, 0);
	serve.kill('SIGINT');
	t.is((await serve).exitCode, 0);

	// Another home, the setting instead of the option: the same collection, found by a daemon started by the command.
	const other = cli();
	t.teardown(other.stop);
	t.is((await other.run(['config', 'set', 'database-url', database.url])).exitCode, 0);
	const found = await other.json(['search', 'otters', '-C', 'sea', '--mode', 'keyword']);
	t.is(found.results[0].source_file, 'kelp.md');
});

test.serial('serve --database-url refuses what is not a postgres URL, naming the rule', async t => {
	const result = await cli().run(['serve', '-p', '0', '--database-url', 'mysql://db/x']);
	t.is(result.exitCode, 2);
	t.regex(String(result.stderr), /database-url.*must be a postgres:\/\/ or postgresql:\/\/ URL/);
});
