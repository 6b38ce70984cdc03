// Issue 25 item 5: the 3 acknowledged documents the kill runs once reported lost. A directory ingestion reports
// its unchanged files as processed before it writes the changed ones; the ledger took `processed_files` n as "the
// first n files are written", acknowledging changed files that sort among unchanged ones before their group was
// committed. Here the daemon is SIGKILLed exactly then (after a poll that saw files processed and none indexed).
import {rmSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {DaemonProcess, temporaryHome} from '../../bench/reliability/daemon-process.js';
import {KillTree} from '../../bench/reliability/kills/kill-corpus.js';
import {ingestDirectory, killCollections, type OperationContext} from '../../bench/reliability/kills/kill-operations.js';
import {Ledger} from '../../bench/reliability/kills/ledger.js';
import {random} from '../../bench/reliability/random.js';

async function stored(daemon: DaemonProcess): Promise<Map<string, Map<string, string>>> {
	const {body} = await daemon.api('GET', `/documents?collection=${killCollections.directory}`);
	return new Map([[killCollections.directory, new Map((body.documents as Array<{file: string; content_hash: string}>).map(document => [document.file, document.content_hash]))]]);
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
		t.deepEqual(ledger.verify(await stored(daemon)).lost, [], 'the first ingestion, not killed');

		// Every third file changes: changed files sort among unchanged ones, the first of them before any unchanged.
		tree.revise(tree.files.filter((_, index) => index % 3 === 0), 'after the first ingestion');
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
