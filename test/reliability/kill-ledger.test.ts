// Issue 25 item 5: the 3 acknowledged documents the kill runs once reported lost. A directory ingestion reports
// its unchanged files as processed before it writes the changed ones; the ledger took `processed_files` n as "the
// first n files are written", acknowledging changed files that sort among unchanged ones before their group was
// committed. Here the daemon is SIGKILLed exactly then (after a poll that saw files processed and none indexed).
import {rmSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {DaemonProcess, temporaryHome, until} from '../../bench/reliability/daemon-process.js';
import {KillTree} from '../../bench/reliability/kills/kill-corpus.js';
import {ingestDirectory, killCollections, type OperationContext} from '../../bench/reliability/kills/kill-operations.js';
import {Ledger} from '../../bench/reliability/kills/ledger.js';
import {random} from '../../bench/reliability/random.js';

async function stored(daemon: DaemonProcess): Promise<Map<string, Map<string, string>>> {
	const {body} = await daemon.api('GET', `/documents?collection=${killCollections.directory}`);
	return new Map([[killCollections.directory, new Map((body.documents as Array<{file: string; content_hash: string}>).map(document => [document.file, document.content_hash]))]]);
}

/** A poll cut short on a loaded machine ends an operation early: its job still has to end before the ledger's check. */
async function untilNoJobRuns(daemon: DaemonProcess): Promise<void> {
	await until(async () => ((await daemon.api('GET', '/jobs')).body.jobs as Array<{state: string}>).every(job => job.state !== 'running') || undefined, 120_000);
}

test('a directory ingestion killed between its progress and its first commit: no acknowledged document is lost', async t => {
	const home = temporaryHome('md-vector-kill-ledger-');
	const tree = new KillTree(path.join(home, 'tree'), 30);
	const env = {MD_VECTOR_ALLOWED_ROOTS: tree.root};
	const ledger = new Ledger();
	let daemon = await DaemonProcess.start({home, env});
	try {
		await daemon.untilModel();
		const health = (await daemon.api('GET', '/health')).body;
		const never = {...random(1), chance: () => false}; // the test revises files itself
		const context = (cycle: number, afterJobPoll?: OperationContext['afterJobPoll']): OperationContext => ({
			daemon, ledger, tree, random: never, cycle, modelId: health.checks.embedder.model, dims: health.checks.embedder.dimension, chunkerVersion: 0, afterJobPoll,
		});
		await ingestDirectory(context(0), 'default');
		await untilNoJobRuns(daemon);
		t.deepEqual(ledger.verify(await stored(daemon)).lost, [], 'the first ingestion, not killed');

		// Every third file changes: changed files sort among unchanged ones, the first of them before any unchanged.
		// Each gets 60 more sections: with ~10 chunks a file, the stand-in model embedded them in ~40 ms, a window
		// between the progress and the commit that a poll every 25 ms missed on a busy CI machine.
		const sections = Array.from({length: 60}, (_, index) => `\n## Revision note ${index}\n\n${'The revision after the first ingestion adds words to embed. '.repeat(8)}\n`);
		tree.revise(tree.files.filter((_, index) => index % 3 === 0), 'after the first ingestion', sections.join(''));
		let killedEarly = false;
		await ingestDirectory(context(1, async job => {
			if (job.state === 'running' && job.progress.processed_files! > 0 && job.progress.indexed === 0) {
				killedEarly = true;
				await daemon.kill();
			}
		}), 'default');
		t.true(killedEarly, 'the daemon was killed after its progress and before its first commit');
		daemon = await DaemonProcess.start({home, env});
		await daemon.untilModel();
		t.deepEqual(ledger.verify(await stored(daemon)).lost, []);
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
});

// Issue 34 item 11: the document lost at load 7-11 (seed 16, 3 kills). A forced re-ingest writes every file in name
// order; the ledger took its progress n as "the first n changed files are written", so after the first group it
// acknowledged changed files that sort after that group, then ran past the end of its list and threw, which the
// kill runs took for the kill's doing. A SIGKILL before the last group then showed them as lost. Here the last
// files change and the daemon is killed right after the first group's commit.
test('a forced re-ingest killed after its first group: no acknowledged document is lost, the ledger keeps up', async t => {
	const home = temporaryHome('md-vector-kill-force-');
	const tree = new KillTree(path.join(home, 'tree'), 30);
	const env = {MD_VECTOR_ALLOWED_ROOTS: tree.root};
	const ledger = new Ledger();
	let daemon = await DaemonProcess.start({home, env});
	try {
		await daemon.untilModel();
		const health = (await daemon.api('GET', '/health')).body;
		const never = {...random(1), chance: () => false};
		const context = (cycle: number, afterJobPoll?: OperationContext['afterJobPoll']): OperationContext => ({
			daemon, ledger, tree, random: never, cycle, modelId: health.checks.embedder.model, dims: health.checks.embedder.dimension, chunkerVersion: 0, afterJobPoll,
		});
		await ingestDirectory(context(0), 'default');
		await untilNoJobRuns(daemon);
		t.deepEqual(ledger.verify(await stored(daemon)).lost, [], 'the first ingestion, not killed');

		const last = tree.files.slice(-3);
		tree.revise(last, 'after the first ingestion');
		let window: Record<string, number> | undefined;
		const killAfterFirstGroup: OperationContext['afterJobPoll'] = async job => {
			if (job.state === 'running' && job.progress.processed_files! > 0) {
				window = job.progress;
				await daemon.kill();
			}
		};

		// Before the fix the operation threw here (its ledger past the end of its list) and the job went on: the
		// kill came later, as it does now.
		const failed = await ingestDirectory(context(1, killAfterFirstGroup), 'force').then(() => undefined, (error: unknown) => error);
		t.is(failed, undefined, 'the ledger keeps up with the progress of a forced re-ingest');
		await daemon.kill();
		t.true(window !== undefined && window.processed_files! <= tree.files.length - last.length, `killed after the first group, before the revised files' (${JSON.stringify(window)})`);
		daemon = await DaemonProcess.start({home, env});
		await daemon.untilModel();
		t.deepEqual(ledger.verify(await stored(daemon)).lost, []);
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
});
