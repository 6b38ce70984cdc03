// The daemon's port and identity, with real processes: a taken port fails `serve` clearly and moves a started
// daemon elsewhere; the CLI talks only to the daemon of its own data folder; `serve` takes its daemon with it.
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import {isAlive} from '../../common/data-lock.js';
import {version} from '../../common/version.js';
import {poll} from '../../source/client/poll.js';
import {cli, cliPath} from '../helpers/cli.js';
import {startDaemon} from '../helpers/daemon.js';
import {tinyModelDir} from '../helpers/paths.js';

/** Another program on a loopback port, answering every request with JSON that looks plausible. */
async function otherProgram(): Promise<{server: Server; port: number}> {
	const server = createServer((_request, response) => {
		response.setHeader('content-type', 'application/json');
		response.end(JSON.stringify({status: 'ok', version, checks: {}, collections: [{name: 'impostor', count: 1, documents: 1}]}));
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return {server, port: (server.address() as {port: number}).port};
}

const escaped = (text: string) => text.replaceAll(/[.()]/g, String.raw`\$&`);

test('serve -p on a port another program holds: exit 1 with a clear message; nothing left running, advertised or locked', async t => {
	const other = await otherProgram();
	t.teardown(() => other.server.close());
	const md = cli();
	t.teardown(md.stop);
	const result = await md.run(['serve', '-p', String(other.port)]);
	t.is(result.exitCode, 1);
	t.regex(String(result.stderr), new RegExp(escaped(`port ${other.port} on 127.0.0.1 is already in use`)));
	t.is(String(result.stderr).split('already in use').length, 2, 'the error is printed once');
	t.notRegex(String(result.stderr), /listening on/);
	t.is(md.record(), undefined);
	t.false(existsSync(path.join(md.home, 'data', 'daemon.pid')), 'the data lock is released');
	t.deepEqual((await md.json(['collections'])).collections, [], 'the next command starts a daemon of its own');
});

test('serve -p on the port of another md-vector daemon fails; that daemon keeps serving its own folder', async t => {
	const other = await startDaemon();
	t.teardown(async () => other.stop());
	await other.request('POST', '/api/v1/ingest', {content: '# Theirs\n\nText.\n', file_name: 'theirs.md', collection: 'theirs'});
	const {port} = new URL(other.url);
	const md = cli();
	const result = await md.run(['serve', '-p', port]);
	t.is(result.exitCode, 1);
	t.regex(String(result.stderr), new RegExp(escaped(`port ${port} on 127.0.0.1 is already in use`)));
	t.is(md.record(), undefined);
	const theirs = await other.request('GET', '/api/v1/collections');
	t.deepEqual(theirs.body.collections.map((entry: {name: string}) => entry.name), ['theirs']);
});

test('MD_VECTOR_PORT taken by another program: the command starts its daemon on a free port and talks to it; stop stops it', async t => {
	const other = await otherProgram();
	t.teardown(() => other.server.close());
	const md = cli({MD_VECTOR_PORT: String(other.port)});
	t.teardown(md.stop);
	const result = await md.run(['collections', '--json']);
	t.is(result.exitCode, 0, String(result.stderr));
	t.regex(String(result.stderr), new RegExp(`port ${other.port} is taken; the daemon listens on a free port instead`));
	const record = md.record()!;
	t.not(record.port, other.port);
	t.regex(String(result.stderr), new RegExp(escaped(`started the md-vector daemon (pid ${record.pid}) on http://127.0.0.1:${record.port}`)));
	t.deepEqual(JSON.parse(String(result.stdout)).collections, [], 'its own daemon answered, not the other program');
	const stopped = await md.run(['stop']);
	t.is(stopped.exitCode, 0, String(stopped.stderr));
	t.true(await poll(() => (isAlive(record.pid) ? undefined : true), 30_000), 'the daemon is gone');
});

test('a record whose port another md-vector daemon answers is not trusted: the command starts the daemon of its own folder', async t => {
	const other = await startDaemon();
	t.teardown(async () => other.stop());
	await other.request('POST', '/api/v1/ingest', {content: '# Theirs\n\nText.\n', file_name: 'theirs.md', collection: 'theirs'});
	const pid = other.process.pid!;
	const md = cli();
	t.teardown(md.stop);
	// As if this folder's daemon had died and another one now held its port (and even its pid).
	mkdirSync(path.join(md.home, 'state'), {recursive: true});
	writeFileSync(path.join(md.home, 'state', 'daemon.json'), JSON.stringify({pid, port: Number(new URL(other.url).port), host: '127.0.0.1', version, started_at: '', token: 'this-folder-token'}));
	const result = await md.run(['collections', '--json']);
	t.is(result.exitCode, 0, String(result.stderr));
	t.deepEqual(JSON.parse(String(result.stdout)).collections, [], 'not the other folder\'s collections');
	t.regex(String(result.stderr), /started the md-vector daemon/);
	t.not(md.record()!.pid, pid);
	t.true(isAlive(pid), 'the other daemon was not stopped');
	t.is((await other.request('GET', '/api/v1/collections')).body.collections.length, 1);
	t.notRegex(other.log(), /this-folder-token/);
});

test('serve killed with SIGKILL: its daemon stops too (record removed, lock released), and the next serve starts', async t => {
	const md = cli();
	const environment = {MD_VECTOR_HOME: md.home, MD_VECTOR_MODEL_DIR: tinyModelDir};
	const listening = async (serve: ReturnType<typeof execaNode>) => new Promise<void>(resolve => {
		serve.stderr!.on('data', (data: Buffer) => {
			if (data.toString().includes('listening on')) {
				resolve();
			}
		});
	});
	const serve = execaNode(cliPath, ['serve', '-p', '0'], {env: environment, reject: false, buffer: false});
	await listening(serve);
	const daemon = md.record()!;
	t.not(daemon.pid, serve.pid, 'the daemon is serve\'s child');
	serve.kill('SIGKILL');
	await serve;
	t.true(await poll(() => (isAlive(daemon.pid) ? undefined : true), 30_000), 'the daemon exited with its parent');
	t.is(md.record(), undefined, 'it stopped cleanly: no record left');
	t.false(existsSync(path.join(md.home, 'data', 'daemon.pid')));
	const again = execaNode(cliPath, ['serve', '-p', '0'], {env: environment, reject: false, buffer: false});
	await listening(again);
	again.kill('SIGINT');
	t.is((await again).exitCode, 0);
});
