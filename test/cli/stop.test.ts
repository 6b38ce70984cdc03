// `md-vector stop` lets running jobs finish (as its help says); `--now` cancels them, and the client following
// such a job says the daemon was stopped, not "Cancelled" as for its own Ctrl-C, and exits 1, not 130.
import test from 'ava';
import {execaNode} from 'execa';
import {cli, cliPath, type Cli} from '../helpers/cli.js';
import {writeNotes} from '../helpers/trees.js';

/**
 * ingest-dir in the background, and a promise that resolves once it has reported progress (it is under way), or
 * fails when the command ended first (the tree was too small for this machine's speed: the test says so).
 */
function ingestInBackground(md: Cli, args: string[]) {
	const run = execaNode(cliPath, ['ingest-dir', ...args], {env: md.environment, reject: false});
	const underWay = new Promise<void>((resolve, reject) => {
		run.stderr.on('data', (data: Buffer) => {
			if (/ingest-dir: [1-9][\d,]*\/[\d,]+ files/.test(data.toString())) {
				resolve();
			}
		});
		void run.then(() => {
			reject(new Error('the ingestion ended before it reported progress: give it more files'));
		});
	});
	return {run, underWay};
}

test('stop waits for a running ingest-dir to finish; stop --now cancels one and its client says why', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.run(['collections']);
	// Ten thousand files each, so that the stops land while the pipelined ingestion still runs, whatever the load.
	const finishing = ingestInBackground(md, [writeNotes(100, 100), '-C', 'finish']);
	await finishing.underWay;
	const stop = await md.run(['stop']);
	t.is(stop.exitCode, 0);
	t.regex(String(stop.stderr), /^waiting for the running ingest-dir of \S+ into 'finish', [\d,]+ of 10,000 files to finish \(md-vector stop --now cancels it\)$/m);
	t.regex(String(stop.stdout), /^stopped the daemon \(pid \d+\)$/);
	const finished = await finishing.run;
	t.is(finished.exitCode, 0, 'the job was not cut short');
	t.regex(String(finished.stdout), /^Done: 10,000 files indexed, 0 unchanged, 0 failed, 20,000 chunks into 'finish'\.$/m);

	const cancelled = ingestInBackground(md, [writeNotes(100, 100), '-C', 'cancel']); // starts a daemon again
	await cancelled.underWay;
	const now = await md.run(['stop', '--now']);
	t.is(now.exitCode, 0);
	t.regex(String(now.stderr), /^cancelling ingest-dir of \S+ into 'cancel', [\d,]+ of 10,000 files: what it has committed is kept$/m);
	const stopped = await cancelled.run;
	t.is(stopped.exitCode, 1, 'a failure of the job, not a Ctrl-C of this client');
	t.regex(String(stopped.stdout), /^Stopped: the daemon was stopped \(md-vector stop --now, or Ctrl-C of md-vector serve\) before the job finished\. Kept what was committed: [\d,]+ files? indexed/m);
	t.notRegex(String(stopped.stdout), /Cancelled/);
	const stats = await md.json(['stats', '-C', 'cancel']);
	t.true(stats.documents > 0 && stats.documents < 10_000, `kept ${stats.documents} documents`);
	t.is(stats.chunks, stats.documents * 2, 'whole documents only');
	t.is((await md.json(['stats', '-C', 'finish'])).documents, 10_000);
});
