import {readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {walkMarkdown} from '../walk-markdown.js';
import {checkAnswer} from './answer-rules.js';
import {DaemonProcess, sharedData, temporaryHome, until} from './daemon-process.js';
import {halfDocuments} from './kills/store-check.js';
import {fillDisk, mount, mountTmpfs, unmount} from './mounts.js';
import type {Tally} from './tally.js';

const corpus = path.join(sharedData, 'powershell-docs', 'corpus', 'reference', '5.1');
const env = {MD_VECTOR_ALLOWED_ROOTS: corpus};
const leftovers = (dataDir: string) => readdirSync(path.join(dataDir, 'indexes'), {encoding: 'utf8'}).filter(name => name.includes('.tmp'));

/**
 * Issue 16, item 3: a data folder on a 16 MB tmpfs filled by a directory ingestion. The job fails cleanly, writes
 * are refused with 507 (not 500), /health says degraded and why, the index file write fails without an abort and
 * is reported, searches go on; once the disk has room again, a write clears the problem; full again, SIGTERM
 * exits 0 without temporaries; after a restart every acknowledged document is whole and the index answers.
 * `headroomBytes`: a ballast file fills the disk first, so that the job fills only the rest (the fast run).
 */
export async function diskFullSection(tally: Tally, options: {size?: string; headroomBytes?: number} = {}): Promise<void> {
	const home = temporaryHome('md-vector-disk-');
	const dataDir = path.join(home, 'data');
	const refused = mountTmpfs(dataDir, options.size ?? '16m');
	if (refused) {
		tally.note(`full-disk run skipped: a tmpfs could not be mounted (${refused}); it needs root`);
		return;
	}

	try {
		const daemon = await DaemonProcess.start({home, env});
		await daemon.untilModel();
		if (options.headroomBytes !== undefined) {
			fillDisk(path.join(dataDir, 'ballast-1'), options.headroomBytes);
		}

		const acknowledged = await fillByIngestion(tally, daemon, dataDir);
		acknowledged.push(...await roomAgainThenFull(tally, daemon, dataDir));
		rmSync(path.join(dataDir, 'ballast-1'), {force: true});
		rmSync(path.join(dataDir, 'ballast-2'), {force: true});
		await restartAndVerify(tally, home, acknowledged);
	} finally {
		unmount(dataDir);
	}
}

/** Ingests until the disk is full; answers the documents the job acknowledged. */
async function fillByIngestion(tally: Tally, daemon: DaemonProcess, dataDir: string): Promise<string[]> {
	const started = await daemon.api('POST', '/jobs/ingest-directory', {directory: corpus, collection: 'full'});
	const job = await until(async () => {
		const {body} = await daemon.api('GET', `/jobs/${started.body.job.id as string}`);
		return body.job.state === 'running' ? undefined : body.job;
	}, 900_000, 250);
	tally.check('item-3', 'disk full: the ingestion job ends (failed, with the reason) instead of taking the daemon down', job?.state === 'failed' && /disk .*full/.test(job.error as string) && daemon.running, JSON.stringify(job).slice(0, 400));
	const write = await daemon.request({method: 'POST', path: '/api/v1/ingest', headers: {'content-type': 'application/json'}, body: JSON.stringify({content: `# Big\n\n${Array.from({length: 40_000}, (_, index) => `compost${index}`).join(' ')}`, file_name: 'big.md', collection: 'full'})});
	checkAnswer(tally, write, {finding: 'item-3', label: 'disk full: POST /ingest', expect: [507], allow5xx: [507]});
	const health = (await daemon.api('GET', '/health')).body;
	tally.check('item-3', 'disk full: /health is degraded and says the disk is full', health.status === 'degraded' && String(health.reason).includes('full'), JSON.stringify(health).slice(0, 400));
	const search = await daemon.api('POST', '/search', {query: 'Get-ChildItem', collection: 'full'});
	tally.check('item-3', 'disk full: searches still answer', search.status === 200 && search.body.results.length > 0, String(search.status));
	const reported = await until(async () => {
		const problems = (await daemon.api('GET', '/health')).body.checks.background.problems as Array<{source: string; message: string}>;
		return problems.find(problem => problem.source === 'index-file:full');
	}, 60_000, 250);
	tally.check('item-3', 'disk full: the failed index file write is reported in /health (no abort)', reported !== undefined && /enospc|no space/i.test(reported.message) && daemon.running && !daemon.crashed(), JSON.stringify(reported) + daemon.log().slice(-800));
	tally.check('item-3', 'disk full: no temporary index file stays after a failed write', leftovers(dataDir).length === 0, leftovers(dataDir).join(', '));
	// A failed job has no report, but its groups were committed in the walk's order: its first `indexed` files.
	const progress = job?.progress as {indexed: number; failed: number} | undefined;
	tally.check('item-3', 'disk full: the job failed on the disk, not on a file', progress?.failed === 0, JSON.stringify(progress));
	return (await walkMarkdown(corpus)).slice(0, progress?.indexed ?? 0);
}

/**
 * Room again: a write succeeds, its index file too, /health is ok. Then a write and the disk full again before its
 * index file is written: the write at shutdown fails, without an abort. Answers the documents acknowledged.
 */
async function roomAgainThenFull(tally: Tally, daemon: DaemonProcess, dataDir: string): Promise<string[]> {
	mount(['-o', 'remount,size=256m', dataDir]);
	rmSync(path.join(dataDir, 'ballast-1'), {force: true});
	const after = await daemon.api('POST', '/ingest', {content: '# After\n\nRoom again for compost.\n', file_name: 'after.md', collection: 'full'});
	const cleared = await until(async () => ((await daemon.api('GET', '/health')).body.status === 'ok' ? true : undefined), 60_000, 250);
	tally.check('item-3', 'disk full: once there is room, a write succeeds and /health is ok again', after.status === 200 && cleared === true, JSON.stringify((await daemon.api('GET', '/health')).body).slice(0, 400));
	const late = await daemon.api('POST', '/ingest', {content: '# Late\n\nA late note.\n', file_name: 'late.md', collection: 'full'});
	fillDisk(path.join(dataDir, 'ballast-2'));
	const exit = await daemon.stop();
	tally.check('item-3', 'disk full: SIGTERM drains and exits 0 (the index file write at shutdown fails without an abort)', exit.code === 0 && !daemon.crashed('SIGTERM'), `exit ${exit.code ?? exit.signal}: ${daemon.log().slice(-1200)}`);
	tally.check('item-3', 'disk full: no temporary index file after the shutdown', leftovers(dataDir).length === 0, leftovers(dataDir).join(', '));
	return [...(after.status === 200 ? ['after.md'] : []), ...(late.status === 200 ? ['late.md'] : [])];
}

/** With room, a restart: every acknowledged document there, none half, the index whole, /health ok. */
async function restartAndVerify(tally: Tally, home: string, acknowledged: readonly string[]): Promise<void> {
	const daemon = await DaemonProcess.start({home, env});
	await daemon.untilModel();
	const stored = new Set(((await daemon.api('GET', '/documents?collection=full')).body.documents as Array<{file: string}>).map(document => document.file));
	const missing = acknowledged.filter(file => !stored.has(file));
	tally.lost += missing.length;
	tally.check('lost-ack', 'disk full: every acknowledged document is there after a restart', missing.length === 0, `${missing.length} of ${acknowledged.length} missing: ${missing.slice(0, 5).join(', ')}`);
	const half = halfDocuments(path.join(home, 'data'));
	tally.half += half.length;
	tally.check('half-document', 'disk full: no half document', half.length === 0, half.slice(0, 5).join('; '));
	const stats = await daemon.api('GET', '/stats?collection=full');
	tally.check('item-3', 'disk full: after a restart the index holds every stored vector', stats.body.index_vectors === stats.body.vectors, JSON.stringify(stats.body));
	const health = (await daemon.api('GET', '/health')).body;
	tally.check('item-3', 'disk full: after a restart with room /health is ok', health.status === 'ok', JSON.stringify(health).slice(0, 300));
	const exit = await daemon.stop();
	tally.check('crash', 'SIGTERM: exit 0', exit.code === 0 && !daemon.crashed('SIGTERM'), daemon.log().slice(-800));
}
