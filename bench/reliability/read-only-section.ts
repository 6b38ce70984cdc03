import {spawn} from 'node:child_process';
import {chmodSync, existsSync} from 'node:fs';
import path from 'node:path';
import {daemonArguments, daemonEnvironment} from '../../source/client/daemon-process.js';
import {crashMarkers, DaemonProcess, temporaryHome, tinyModelDir, until} from './daemon-process.js';
import {halfDocuments} from './kills/store-check.js';
import {mount, mountTmpfs, unmount} from './mounts.js';
import type {Tally} from './tally.js';

// Root writes anywhere: its daemon runs without the permission override, so the folder's mode binds it too.
const asOwner = {obeyFileModes: process.getuid?.() === 0};

const writable = (dataDir: string, mode: 'read-only' | 'writable') => {
	for (const folder of [dataDir, path.join(dataDir, 'indexes')]) {
		chmodSync(folder, mode === 'read-only' ? 0o555 : 0o755);
	}
};

/**
 * Issue 16, item 3, a data folder that stops being writable while the daemon runs (as its owner, root without
 * the permission override): /health says degraded and why, the index file write fails without an abort and is reported,
 * searches go on; writable again, a write clears it; after a restart every acknowledged document is whole.
 * Then a daemon started on a read-only mount: it refuses with a clear message, no crash.
 */
export async function readOnlySection(tally: Tally): Promise<void> {
	const home = temporaryHome('md-vector-ro-');
	let daemon: DaemonProcess;
	try {
		daemon = await DaemonProcess.start({home, ...asOwner});
	} catch (error) {
		tally.note(`read-only run skipped: the daemon could not start without root's permission override here (${(error as Error).message.slice(0, 200)}); it needs setpriv`);
		return;
	}

	const dataDir = path.join(home, 'data');
	await daemon.untilModel();
	const acknowledged = new Set<string>();
	const ingest = async (name: string) => {
		const {status} = await daemon.api('POST', '/ingest', {content: `# ${name}\n\nCompost note ${name}.\n`, file_name: name, collection: 'ro'});
		if (status === 200) {
			acknowledged.add(name);
		}

		return status;
	};

	await ingest('before.md');
	await until(() => (existsSync(path.join(dataDir, 'indexes', 'collection-1.faiss')) ? true : undefined), 60_000); // its index file written
	writable(dataDir, 'read-only');
	const health = (await daemon.api('GET', '/health')).body;
	tally.check('item-3', 'read-only data folder: /health is degraded and says it is not writable', health.status === 'degraded' && String(health.reason).includes('not writable'), JSON.stringify(health).slice(0, 400));
	await ingest('during.md'); // the store's files are open already: SQLite may still write; the index file cannot be
	const reported = await until(async () => ((await daemon.api('GET', '/health')).body.checks.background.problems as Array<{source: string; message: string}>).find(problem => problem.source === 'index-file:ro'), 30_000, 250);
	tally.check('item-3', 'read-only data folder: the failed index file write is reported (no abort)', reported !== undefined && daemon.running && !daemon.crashed(), JSON.stringify(reported) + daemon.log().slice(-800));
	const search = await daemon.api('POST', '/search', {query: 'compost', collection: 'ro'});
	tally.check('item-3', 'read-only data folder: searches still answer', search.status === 200 && search.body.results.length > 0, String(search.status));
	writable(dataDir, 'writable');
	await ingest('after.md');
	const cleared = await until(async () => ((await daemon.api('GET', '/health')).body.status === 'ok' ? true : undefined), 60_000, 250);
	tally.check('item-3', 'read-only data folder: writable again, a write clears /health', cleared === true, JSON.stringify((await daemon.api('GET', '/health')).body).slice(0, 400));
	const exit = await daemon.stop();
	tally.check('crash', 'read-only data folder: SIGTERM exits 0', exit.code === 0 && !daemon.crashed('SIGTERM'), daemon.log().slice(-800));

	daemon = await DaemonProcess.start({home, ...asOwner});
	await daemon.untilModel();
	const stored = new Set(((await daemon.api('GET', '/documents?collection=ro')).body.documents as Array<{file: string}>).map(document => document.file));
	const lost = [...acknowledged].filter(name => !stored.has(name));
	tally.lost += lost.length;
	tally.check('lost-ack', 'read-only data folder: every acknowledged document is there after a restart', lost.length === 0, lost.join(', '));
	const half = halfDocuments(dataDir);
	tally.half += half.length;
	tally.check('half-document', 'read-only data folder: no half document', half.length === 0, half.join('; '));
	await daemon.stop();
	await startOnReadOnlyMount(tally);
}

/** A daemon started on a data folder mounted read-only refuses to start, saying why, and does not crash. */
async function startOnReadOnlyMount(tally: Tally): Promise<void> {
	const home = temporaryHome('md-vector-ro-mount-');
	const dataDir = path.join(home, 'data');
	const refused = mountTmpfs(dataDir, '64m');
	if (refused) {
		tally.note(`read-only mount run skipped: ${refused}`);
		return;
	}

	try {
		const daemon = await DaemonProcess.start({home});
		await daemon.untilModel();
		await daemon.api('POST', '/ingest', {content: '# Kept\n\nA kept note.\n', file_name: 'kept.md', collection: 'ro'});
		await daemon.stop();
		const readOnly = mount(['-o', 'remount,ro', dataDir]);
		if (readOnly) {
			tally.note(`read-only mount run skipped: remount failed (${readOnly})`);
			return;
		}

		const child = spawn(process.execPath, daemonArguments(['--port', '0']), {env: daemonEnvironment({...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: tinyModelDir}), stdio: ['ignore', 'ignore', 'pipe']});
		let stderr = '';
		child.stderr.on('data', (data: Buffer) => {
			stderr += data.toString();
		});
		const exit = await new Promise<{code: number | null; signal: NodeJS.Signals | null}>(resolve => {
			child.once('exit', (code, signal) => {
				resolve({code, signal});
			});
		});
		tally.check('item-3', 'a read-only data folder at start: a clear refusal (exit 1, names the folder and why), no crash', exit.code === 1 && /read-only/i.test(stderr) && stderr.includes(dataDir) && !crashMarkers.test(stderr) && !/\n\s+at /.test(stderr), `exit ${exit.code ?? exit.signal}: ${stderr.slice(-600)}`);
	} finally {
		unmount(dataDir);
	}
}
