// `md-vector serve --database-url` and the database-url setting: the real CLI starts a daemon on a real
// PostgreSQL over the wire protocol (PGlite with pgvector behind pglite-socket, started here).
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import {cli, cliPath} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {startPostgres, type PostgresServer} from '../helpers/pglite-server.js';

let database: PostgresServer;

test.before(async () => {
	database = await startPostgres();
});

test.after.always(async () => {
	await database?.stop();
});

test.serial('serve --database-url serves the database, and what is ingested through it is there for the next daemon', async t => {
	const md = cli();
	const serve = execaNode(cliPath, ['serve', '-p', '0', '--database-url', database.url], {env: md.environment, reject: false, buffer: false});
	const line = await new Promise<string>(resolve => {
		let log = '';
		serve.stderr.on('data', (data: Buffer) => {
			log += data.toString();
			const match = /listening on .*/.exec(log);
			if (match) {
				resolve(match[0]);
			}
		});
	});
	t.regex(line, /\(database: postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres\)/);
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
