// Issue 34 item 10, the limits: finished jobs were never dropped (~400 jobs: GET /jobs answered 296 MB, the daemon
// held 1.36 GB), and an inline ingest whose client hung up went on embedding for minutes.
import {request as httpRequest} from 'node:http';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {JobRegistry} from '../../daemon/jobs/job-registry.js';
import type {DirectoryReport} from '../../daemon/engine/sources/sync-totals.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {serveApp} from '../helpers/app.js';
import {temporaryDirectory} from '../helpers/paths.js';

const report = (files: number): DirectoryReport => ({
	totalFiles: files, processedFiles: files, indexed: files, moved: 0, unchanged: 0, failed: 0, chunks: files, cancelled: false,
	files: Array.from({length: files}, (_, index) => ({file: `f${index}.md`, status: 'indexed', chunks: 1})),
});

/** One turn of the event loop (what the daemon in this process needs to move on). */
const turn = async () => new Promise(resolve => {
	setImmediate(resolve);
});

async function until(condition: () => boolean): Promise<void> {
	while (!condition()) {
		await turn();
	}
}

test('finished jobs are kept at most so many and so long; running ones always', async t => {
	let now = 0;
	const jobs = new JobRegistry(undefined, undefined, {count: 3, ageMs: 1000}, () => now);
	let finish: () => void = () => undefined;
	const running = await jobs.start('c', '/d', async () => new Promise<DirectoryReport>(resolve => {
		finish = () => {
			resolve(report(1));
		};
	}));
	const done: Array<Awaited<ReturnType<JobRegistry['start']>>> = [];
	for (let index = 0; index < 6; index++) {
		done.push(await jobs.start('c', '/d', async () => report(2)));
	}

	await until(() => done.every(job => job.state === 'completed'));
	t.deepEqual(jobs.list().map(job => job.id), [running.id, ...done.slice(-3).map(job => job.id)], 'the 3 newest finished ones and the running one');
	t.is(jobs.get(done[0]!.id), undefined, 'a job dropped is not found');
	now += 1001;
	t.deepEqual(jobs.list().map(job => job.id), [running.id], 'finished more than the age ago: dropped');
	finish();
	await until(() => running.state === 'completed');
	t.is(jobs.get(running.id)?.state, 'completed', 'kept once it finishes');
});

test('GET /jobs is paged (limit, after: the page before\'s next) and lists no per-file reports; GET /jobs/{id} has the report', async t => {
	const root = temporaryDirectory('md-vector-jobs-');
	const app = await serveApp({allowedRoots: () => [root]});
	t.teardown(async () => app.close());
	const folder = path.join(root, 'notes');
	mkdirSync(folder, {recursive: true});
	writeFileSync(path.join(folder, 'a.md'), '# A\n\nalpha\n');
	const first = await app.request('POST', '/api/v1/jobs/ingest-directory', {body: {directory: folder, collection: 'notes'}});
	t.is(first.status, 202);
	for (let index = 0; index < 6; index++) {
		t.is((await app.request('POST', '/api/v1/jobs/update', {body: {}})).status, 202);
	}

	const seen: string[] = [];
	let after: string | undefined;
	const sizes: number[] = [];
	do {
		const page = await app.request('GET', `/api/v1/jobs?limit=3${after === undefined ? '' : `&after=${after}`}`);
		t.is(page.status, 200);
		sizes.push(page.body.jobs.length);
		seen.push(...page.body.jobs.map((job: {id: string}) => job.id));
		after = page.body.next;
	} while (after !== undefined);

	t.deepEqual(sizes, [3, 3, 1]);
	t.is(new Set(seen).size, 7, 'each job once');
	t.is(seen[0], first.body.job.id, 'in the order they started');
	let whole = await app.request('GET', `/api/v1/jobs/${first.body.job.id as string}`);
	while (whole.body.job.state === 'running') {
		await turn();
		whole = await app.request('GET', `/api/v1/jobs/${first.body.job.id as string}`);
	}

	t.deepEqual(whole.body.job.report.files.map((file: {file: string}) => file.file), ['a.md'], 'the job itself has its report');
	const listed = (await app.request('GET', '/api/v1/jobs?limit=1')).body.jobs[0];
	t.is(listed.state, 'completed');
	t.false('report' in listed);
	t.false('files' in listed.progress, 'a finished job\'s progress is its counts in the list');
	for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['after=x', 'after'], ['limit=2&limit=3', 'limit']] as const) {
		const refused = await app.request('GET', `/api/v1/jobs?${query}`);
		t.is(refused.status, 400, query);
		t.regex(refused.body.error.message, new RegExp(field), query);
	}
});

/** An embedder whose first call waits until it is released; the rest answer at once. It counts what it embeds. */
function gatedEmbedder(): Embedder & {texts: number; calls: number; release: () => void} {
	let release: () => void = () => undefined;
	const gate = new Promise<void>(resolve => {
		release = resolve;
	});
	const vector = () => Float32Array.from({length: 8}, (_, index) => (index === 0 ? 1 : 0));
	const embedder = {
		modelId: 'gated', dims: 8, texts: 0, calls: 0, release() {
			release();
		},
		async embedDocuments(texts: readonly string[]) {
			embedder.calls++;
			embedder.texts += texts.length;
			if (embedder.calls === 1) {
				await gate;
			}

			return texts.map(() => vector());
		},
		async embedQuery() {
			return vector();
		},
		async dispose() {
			// Nothing held.
		},
	};
	return embedder;
}

test('an inline ingest whose client hangs up stops embedding after the batch under way, and stores nothing', async t => {
	const embedder = gatedEmbedder();
	const app = await serveApp({embedder});
	t.teardown(async () => app.close());
	// 300 sections of their own words: far more chunks than one batch.
	const content = Array.from({length: 300}, (_, index) => `# Part ${index}\n\n${Array.from({length: 120}, (_, word) => `w${index}x${word}`).join(' ')}\n`).join('\n');
	const body = JSON.stringify({content, file_name: 'big.md', collection: 'c'});
	const outgoing = httpRequest({host: '127.0.0.1', port: app.port, method: 'POST', path: '/api/v1/ingest', headers: {'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body))}});
	outgoing.on('error', () => undefined);
	outgoing.end(body);
	await until(() => embedder.calls === 1);
	outgoing.destroy(); // the client hangs up while the first batch is embedded
	await until(() => app.connections.open === 0);
	embedder.release();
	// A later ingest into the collection goes through the same write queue, after whatever the first one queued.
	const later = await app.request('POST', '/api/v1/ingest', {body: {content: '# Small\n\nsmall', file_name: 'small.md', collection: 'c'}});
	t.is(later.status, 200);
	const documents = await app.request('GET', '/api/v1/documents?collection=c');
	t.deepEqual(documents.body.documents.map((document: {file: string}) => document.file), ['small.md'], 'nothing of the abandoned ingest was stored');
	t.true(embedder.texts <= 64 + 1, `embedding stopped after the batch under way (${embedder.texts} texts embedded)`);
});
