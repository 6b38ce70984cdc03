// Ctrl-C (issue 38 item 7): the first one says what it waits for and does not wait for a group's vectors; the
// second exits at once, losing nothing acknowledged, and the next run resumes. Through the real CLI and daemon;
// where a test needs Ctrl-C to land while the model embeds, the real model makes that last seconds.
import {writeFileSync} from 'node:fs';
import {connect as connectSocket} from 'node:net';
import path from 'node:path';
import test from 'ava';
import {execaNode, type ResultPromise} from 'execa';
import {poll} from '../../source/client/poll.js';
import {cli, cliPath} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {findRealModel} from '../helpers/real-model.js';
import {writeNotes} from '../helpers/trees.js';

/** Resolves once the process has written a line matching `pattern` on stderr; fails when it exits first. */
async function untilStderr(run: ResultPromise, pattern: RegExp): Promise<void> {
	let seen = '';
	await new Promise<void>((resolve, reject) => {
		run.stderr!.on('data', (data: Buffer) => {
			seen += data.toString();
			if (pattern.test(seen)) {
				resolve();
			}
		});
		void run.then(() => {
			reject(new Error(`it ended before writing ${String(pattern)}: ${seen}`));
		});
	});
}

/** Whether the process ended within `ms` (polled): a command that does not end is the failure being looked for. */
async function endsWithin(run: ResultPromise, ms: number): Promise<boolean> {
	let ended = false;
	void run.then(() => {
		ended = true;
	});
	return (await poll(() => (ended ? true : undefined), ms)) === true;
}

test('a second Ctrl-C of ingest-dir stops waiting at once; nothing committed is lost and running it again resumes', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.run(['collections']);
	const daemon = md.record()!.pid;
	const root = writeNotes(30, 100); // still running when it is held still, right after its first group
	const run = execaNode(cliPath, ['ingest-dir', root, '-C', 'notes'], {env: md.environment, reject: false});
	await untilStderr(run, /ingest-dir: [1-9][\d,]*\/3,000 files/); // something is committed
	// The daemon is held still, as one busy finishing a long write would be: the job cannot end meanwhile.
	process.kill(daemon, 'SIGSTOP');
	t.teardown(() => {
		try {
			process.kill(daemon, 'SIGCONT');
		} catch {
			// Gone already.
		}
	});
	run.kill('SIGINT');
	await untilStderr(run, /^cancelling: .*\(Ctrl-C again: stop waiting\)$/m);
	run.kill('SIGINT');
	t.true(await endsWithin(run, 30_000), 'the second Ctrl-C ends the command while the daemon is still busy');
	process.kill(daemon, 'SIGCONT');
	const result = await run;
	t.is(result.exitCode, 130);
	t.regex(String(result.stderr), /^stopped waiting: the daemon ends the job on its own; what it committed stays, and md-vector ingest-dir again resumes$/m);
	t.is(String(result.stdout), '', 'no report: it did not wait for one');

	const again = await md.run(['ingest-dir', root, '-C', 'notes']);
	t.is(again.exitCode, 0, String(again.stderr));
	const [, indexed, unchanged] = /^Done: ([\d,]+) files? indexed, ([\d,]+) unchanged, 0 failed/m.exec(String(again.stdout))!;
	t.true(Number(unchanged!.replaceAll(',', '')) > 0, 'what the first run committed is kept, not done again');
	t.is(Number(indexed!.replaceAll(',', '')) + Number(unchanged!.replaceAll(',', '')), 3000);
	t.like(await md.json(['stats', '-C', 'notes']), {documents: 3000, chunks: 6000}, 'whole documents only');
});

test('serve: the first Ctrl-C says what it waits for, the second exits at once; the record goes and the data stays', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.json(['ingest-dir', writeNotes(1, 20), '-C', 'kept']);
	await md.stop();
	const serve = execaNode(cliPath, ['serve', '-p', '0'], {env: md.environment, reject: false});
	await untilStderr(serve, /listening on/);
	const {port} = md.record()!;
	// A request under way that never completes its body: a stop waits for it.
	const socket = connectSocket(port, '127.0.0.1');
	t.teardown(() => socket.destroy());
	await new Promise<void>(resolve => socket.once('connect', resolve));
	socket.write('POST /api/v1/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":');
	await poll(async () => (String((await md.run(['status'])).stdout).includes(': ok') ? true : undefined), 30_000);
	serve.kill('SIGINT');
	await untilStderr(serve, /stopping: no job is running; Ctrl-C again exits at once\n.*stopping: finishing (the request|requests) under way \(\d+ open connections?\)/);
	serve.kill('SIGINT');
	t.true(await endsWithin(serve, 30_000), 'the second Ctrl-C ends serve while a request is still under way');
	const result = await serve;
	t.is(result.exitCode, 130);
	t.regex(String(result.stderr), /stopping at once \(second Ctrl-C\): what was committed is kept/);
	t.is(md.record(), undefined, 'its discovery record is gone');
	t.like(await md.json(['stats', '-C', 'kept']), {documents: 20, chunks: 40}, 'a new daemon opens the data as it was');
});

const found = findRealModel();
if ('missing' in found) {
	console.warn(`SKIPPED Ctrl-C with a real model: ${found.missing}`);
	// eslint-disable-next-line ava/no-skip-test, ava/require-assertion
	test.skip(`Ctrl-C while a real model embeds: SKIPPED, ${found.missing}`, () => undefined);
} else {
	/** 200 one-chunk notes of about 1,200 characters: one group, which a real model embeds for seconds. */
	const longNotes = () => {
		const root = temporaryDirectory('md-vector-long-');
		for (let note = 0; note < 200; note++) {
			const words = Array.from({length: 200}, (_, index) => `word${((note * 31) + (index * 7)) % 997}`).join(' ');
			writeFileSync(path.join(root, `note-${note}.md`), `# Note ${note}\n\n${words}\n`);
		}

		return root;
	};

	test('the first Ctrl-C of ingest-dir does not wait for the vectors of the group being embedded', async t => {
		const md = cli({MD_VECTOR_MODEL_DIR: found.directory});
		t.teardown(md.stop);
		await md.run(['collections']);
		await poll(async () => ((await md.json(['status'])).checks?.embedder.status === 'ok' ? true : undefined), 120_000);
		const run = execaNode(cliPath, ['ingest-dir', longNotes(), '-C', 'long'], {env: md.environment, reject: false});
		await untilStderr(run, /ingest-dir: 0\/200 files/); // planned: its one group is being embedded
		run.kill('SIGINT');
		const result = await run;
		t.is(result.exitCode, 130);
		t.regex(String(result.stderr), /^cancelling: the daemon stops embedding and finishes the write under way, so no file is stored in part \(Ctrl-C again: stop waiting\)$/m);
		t.regex(String(result.stdout), /^Cancelled\. Kept what was committed: 0 files indexed/m);
		t.is((await md.json(['stats', '-C', 'long'])).documents, 0, 'the group under way was dropped, not embedded to the end and written');
	});

	test('serve\'s first Ctrl-C names the running job it cancels, and does not wait for its group\'s vectors', async t => {
		const md = cli({MD_VECTOR_MODEL_DIR: found.directory});
		t.teardown(md.stop);
		const serve = execaNode(cliPath, ['serve', '-p', '0'], {env: md.environment, reject: false});
		await untilStderr(serve, /model all-MiniLM-L6-v2 ready/);
		const root = longNotes();
		const run = execaNode(cliPath, ['ingest-dir', root, '-C', 'long'], {env: md.environment, reject: false});
		await untilStderr(run, /ingest-dir: 0\/200 files/);
		serve.kill('SIGINT');
		const served = await serve;
		t.is(served.exitCode, 0);
		t.regex(String(served.stderr), new RegExp(String.raw`stopping: cancelling the running job \(ingest-dir of ${root} into 'long', 0 of 200 files\): it ends at the model's next batch, once the write under way is done \(what was committed is kept\); Ctrl-C again exits at once`));
		const ingest = await run;
		t.is(ingest.exitCode, 1);
		t.regex(String(ingest.stdout), /^Stopped: the daemon was stopped \(md-vector stop --now, or Ctrl-C of md-vector serve\) before the job finished\. Kept what was committed: 0 files indexed/m);
	});
}
