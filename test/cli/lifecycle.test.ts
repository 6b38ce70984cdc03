import {cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import {isAlive} from '../../common/data-lock.js';
import {poll} from '../../source/client/poll.js';
import {version} from '../../common/version.js';
import {cli, cliPath} from '../helpers/cli.js';
import {repoRoot, temporaryDirectory} from '../helpers/paths.js';
import {writeNotes} from '../helpers/trees.js';

test('the first command starts a daemon in the background and says so; later commands reuse it', async t => {
	const md = cli();
	t.teardown(md.stop);
	const status = await md.run(['status']);
	t.is(status.exitCode, 1, 'status never starts a daemon');
	t.regex(String(status.stderr), /^md-vector: no md-vector daemon is running/);
	const first = await md.run(['collections']);
	t.is(first.exitCode, 0);
	t.regex(String(first.stderr), /^started the md-vector daemon \(pid \d+\) on http:\/\/127\.0\.0\.1:\d+$/m);
	const record = md.record()!;
	t.is(record.version, version);
	t.true(isAlive(record.pid));
	const second = await md.run(['collections']);
	t.notRegex(String(second.stderr), /started the md-vector daemon/, 'no second start');
	t.is(md.record()!.pid, record.pid);
	const ready = await poll(async () => {
		const status = await md.json(['status']);
		return status.checks.embedder.status === 'loading' ? undefined : status;
	}, 60_000);
	t.like(ready, {status: 'ok', version, checks: {embedder: {status: 'ok', model: 'tiny'}}});
});

test('the daemon a command starts gets the memory settings (allocator, young generation), unless the user set their own', async t => {
	const environmentOf = (pid: number) => new Map(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map(entry => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
	const md = cli();
	t.teardown(md.stop);
	await md.run(['collections']);
	const started = environmentOf(md.record()!.pid);
	t.is(started.get('MALLOC_ARENA_MAX'), '2');
	t.is(started.get('MALLOC_MMAP_THRESHOLD_'), '131072');
	const cmdline = new Set(readFileSync(`/proc/${md.record()!.pid}/cmdline`, 'utf8').split('\0'));
	t.true(cmdline.has('--max-semi-space-size=4') && cmdline.has('--expose-gc'));
	const own = cli({MALLOC_ARENA_MAX: '4'});
	t.teardown(own.stop);
	await own.run(['collections']);
	t.is(environmentOf(own.record()!.pid).get('MALLOC_ARENA_MAX'), '4');
});

test('a killed daemon is replaced by the next command; its stale record is cleaned up', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.json(['ingest-dir', writeNotes(1, 4)]);
	const killed = md.record()!;
	process.kill(killed.pid, 'SIGKILL');
	t.true(await poll(() => (isAlive(killed.pid) ? undefined : true), 10_000), 'the killed daemon is gone');
	const after = await md.run(['search', 'gardens', '--json']);
	t.is(after.exitCode, 0);
	t.is(JSON.parse(String(after.stdout)).results.length, 8, 'nothing acknowledged was lost');
	t.regex(String(after.stderr), /started the md-vector daemon/);
	t.not(md.record()!.pid, killed.pid);
});

test('a record that points at nothing is removed and one daemon is started', async t => {
	const md = cli();
	t.teardown(md.stop);
	mkdirSync(path.join(md.home, 'state'), {recursive: true});
	writeFileSync(path.join(md.home, 'state', 'daemon.json'), JSON.stringify({pid: (2 ** 22) + 11, port: 1, host: '127.0.0.1', version, started_at: '', token: 'x'}));
	const result = await md.run(['collections', '--json']);
	t.is(result.exitCode, 0);
	t.is(String(result.stderr).match(/started the md-vector daemon/g)?.length, 1);
	t.not(md.record()!.port, 1);
});

test('a daemon of another version is stopped and replaced', async t => {
	// A copy of the build with another version number in its package.json.
	const old = temporaryDirectory('md-vector-old-');
	cpSync(path.join(repoRoot, 'dist'), path.join(old, 'dist'), {recursive: true});
	cpSync(path.join(repoRoot, 'assets'), path.join(old, 'assets'), {recursive: true});
	symlinkSync(path.join(repoRoot, 'node_modules'), path.join(old, 'node_modules'));
	writeFileSync(path.join(old, 'package.json'), JSON.stringify({name: 'md-vector', version: '0.0.1-old', type: 'module'}));
	const md = cli();
	t.teardown(md.stop);
	const oldDaemon = execaNode(path.join(old, 'dist', 'daemon', 'main.js'), ['--port', '0'], {
		env: {MD_VECTOR_HOME: md.home, MD_VECTOR_MODEL_DIR: path.join(repoRoot, 'test', 'fixtures', 'models', 'tiny')}, reject: false, stdout: 'ignore', buffer: false,
	});
	await new Promise<void>(resolve => {
		oldDaemon.stderr.on('data', (data: Buffer) => {
			if (data.toString().includes('listening on')) {
				resolve();
			}
		});
	});
	t.is(md.record()!.version, '0.0.1-old');
	const result = await md.run(['collections']);
	t.is(result.exitCode, 0);
	t.regex(String(result.stderr), new RegExp(String.raw`replacing the running daemon 0\.0\.1-old \(pid ${oldDaemon.pid}\) with ${version.replaceAll('.', String.raw`\.`)}`));
	t.is((await oldDaemon).exitCode, 0, 'the old daemon stopped cleanly');
	t.is(md.record()!.version, version);
});

test('serve -p runs the daemon in the foreground; SIGINT stops it cleanly and removes the record', async t => {
	const md = cli();
	const serve = execaNode(cliPath, ['serve', '-p', '0'], {env: {MD_VECTOR_HOME: md.home, MD_VECTOR_MODEL_DIR: path.join(repoRoot, 'test', 'fixtures', 'models', 'tiny')}, reject: false, buffer: false});
	await new Promise<void>(resolve => {
		serve.stderr.on('data', (data: Buffer) => {
			if (data.toString().includes('listening on')) {
				resolve();
			}
		});
	});
	// status answers at once (it loads no UI): the model may still be loading then, so it is asked until it is ready.
	t.truthy(await poll(async () => ((await md.json(['status'])).status === 'ok' ? true : undefined), 60_000), 'other commands use the foreground daemon');
	const another = await md.run(['serve', '-p', '0']);
	t.is(another.exitCode, 1);
	t.regex(String(another.stderr), /another md-vector daemon \(pid \d+\) is already using/);
	serve.kill('SIGINT');
	t.is((await serve).exitCode, 0);
	t.false(existsSync(path.join(md.home, 'state', 'daemon.json')));
});

test('Ctrl-C during ingest-dir cancels the job and says what was kept', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.run(['collections']); // the daemon is up before the timing-sensitive part
	const root = writeNotes(100, 100); // ten thousand files: Ctrl-C lands while the pipelined ingestion runs, whatever the load
	const run = execaNode(cliPath, ['ingest-dir', root, '-C', 'big'], {env: {...process.env, MD_VECTOR_HOME: md.home, NO_COLOR: '1'}, reject: false});
	await new Promise<void>((resolve, reject) => {
		run.stderr.on('data', (data: Buffer) => {
			if (/ingest-dir: [1-9][\d,]*\/10,000 files/.test(data.toString())) {
				resolve(); // the job is under way and has committed something
			}
		});
		void run.then(() => {
			reject(new Error('the ingestion ended before it reported progress: give it more files'));
		});
	});
	run.kill('SIGINT');
	const result = await run;
	t.is(result.exitCode, 130);
	t.regex(String(result.stderr), /cancelling/);
	t.regex(String(result.stdout), /^Cancelled\. Kept what was committed: [\d,]+ files indexed/m);
	const stats = await md.json(['stats', '-C', 'big']);
	t.true(stats.documents > 0 && stats.documents < 10_000, `kept ${stats.documents} documents`);
	t.is(stats.chunks, stats.documents * 2, 'whole documents only');
});
