import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import {discoveryExists, startDaemon, untilReady} from '../helpers/daemon.js';
import {writeNotes} from '../helpers/trees.js';
import {repoRoot, temporaryDirectory} from '../helpers/paths.js';

const key = 'test-key-0123456789';

test('with MD_VECTOR_API_KEY: /health is open, everything else needs the key (X-API-Key or Bearer)', async t => {
	const daemon = await startDaemon({MD_VECTOR_API_KEY: key});
	t.is((await daemon.request('GET', '/api/v1/health')).status, 200);
	const routes: Array<[string, string, unknown?]> = [
		['GET', '/api/v1/collections'],
		['POST', '/api/v1/search', {query: 'x'}],
		['POST', '/api/v1/ingest', {content: '# A\n\nb', file_name: 'a.md'}],
		['DELETE', '/api/v1/documents/a.md'],
	];
	for (const [method, route, body] of routes) {
		const missing = await daemon.request(method, route, body);
		t.is(missing.status, 401, `${method} ${route} without key`);
		t.is(missing.body.error.code, 'unauthorized');
		t.regex(missing.body.error.message, /missing API key/);
		const wrong = await daemon.request(method, route, body, {'x-api-key': 'wrong'});
		t.is(wrong.status, 401, `${method} ${route} with a wrong key`);
		t.regex(wrong.body.error.message, /invalid API key/);
	}

	t.is((await daemon.request('GET', '/api/v1/collections', undefined, {'x-api-key': key})).status, 200);
	t.is((await daemon.request('POST', '/api/v1/ingest', {content: '# A\n\nb', file_name: 'a.md'}, {authorization: `Bearer ${key}`})).status, 200);
	const deleted = await daemon.request('DELETE', '/api/v1/documents/a.md', undefined, {'x-api-key': key});
	t.is(deleted.status, 200);
	await daemon.stop();
});

test('with a key and no configured roots, file_path is refused', async t => {
	const daemon = await startDaemon({MD_VECTOR_API_KEY: key});
	const response = await daemon.request('POST', '/api/v1/ingest', {file_path: path.join(repoRoot, 'README.md')}, {'x-api-key': key});
	t.is(response.status, 400);
	t.regex(response.body.error.message, /^file_path: this daemon allows no paths/);
	await daemon.stop();
});

test('without a key the daemon refuses to listen beyond loopback', async t => {
	const result = await execaNode(path.join(repoRoot, 'dist', 'daemon', 'main.js'), ['--host', '0.0.0.0', '--port', '0'], {
		env: {MD_VECTOR_HOME: temporaryDirectory()}, reject: false,
	});
	t.is(result.exitCode, 1);
	t.regex(result.stderr, /refusing to listen on 0\.0\.0\.0 without an API key/);
});

test('a setting it cannot use: the daemon refuses to start and names the variable, the rule and the value', async t => {
	const bad: Array<[string, string, RegExp]> = [
		['MD_VECTOR_EMBED_SESSIONS', 'lots', /MD_VECTOR_EMBED_SESSIONS must be a whole number of model sessions, 1 to 16, got 'lots'/],
		['MD_VECTOR_MODEL_RELEASE_S', '-5', /MD_VECTOR_MODEL_RELEASE_S must be a number of seconds, 0 or more/],
		['MD_VECTOR_POOLING', 'max', /MD_VECTOR_POOLING must be cls or mean, got 'max'/],
		['MD_VECTOR_MODEL_DTYPE', 'q9', /MD_VECTOR_MODEL_DTYPE must be q8 \(onnx\/model_quantized\.onnx, the default\) or fp32 \(onnx\/model\.onnx\), got 'q9'/],
		['MD_VECTOR_MODEL_DTYPE', 'fp16', /MD_VECTOR_MODEL_DTYPE must be q8 .* or fp32 .*, got 'fp16'/],
		['MD_VECTOR_MODEL_DIR', '/nonexistent', /MD_VECTOR_MODEL_DIR is \/nonexistent, which does not exist: set MD_VECTOR_MODEL_DIR to a model folder/],
		['MD_VECTOR_MODEL', 'bge-small', /MD_VECTOR_MODEL must be a model md-vector knows .*, got 'bge-small' \(did you mean bge-small-en-v1\.5\?\)/],
		['MD_VECTOR_HNSW_THRESHOLD', '1.5', /MD_VECTOR_HNSW_THRESHOLD must be a whole number of vectors/],
	];
	for (const [name, value, message] of bad) {
		const home = temporaryDirectory();
		const result = await execaNode(path.join(repoRoot, 'dist', 'daemon', 'main.js'), ['--port', '0'], {env: {MD_VECTOR_HOME: home, [name]: value}, reject: false});
		t.is(result.exitCode, 1, name);
		t.regex(result.stderr, message);
		t.false(discoveryExists(home), `${name}: never advertised`);
	}
});

test('rate limit: the 31st request in a window is 429 with Retry-After and RateLimit headers; /health is exempt', async t => {
	const daemon = await startDaemon({MD_VECTOR_RATE_LIMIT: '30'});
	for (let index = 1; index <= 30; index++) {
		const response = await daemon.request('GET', '/api/v1/collections');
		t.is(response.status, 200);
		t.is(response.headers.get('ratelimit-remaining'), String(30 - index));
	}

	const limited = await daemon.request('GET', '/api/v1/collections');
	t.is(limited.status, 429);
	t.is(limited.body.error.code, 'rate_limited');
	t.true(Number(limited.headers.get('retry-after')) >= 1);
	t.is(limited.headers.get('ratelimit-limit'), '30');
	t.is(limited.headers.get('ratelimit-remaining'), '0');
	t.true(Number(limited.headers.get('ratelimit-reset')) > 0);
	t.is((await daemon.request('GET', '/api/v1/health')).status, 200);
	await daemon.stop();
});

test('a 3,000-file directory is one job with progress; /health and search answer while it runs', async t => {
	const root = writeNotes(30, 100);

	const daemon = await startDaemon({MD_VECTOR_ALLOWED_ROOTS: root});
	await untilReady(daemon);
	await daemon.request('POST', '/api/v1/ingest', {content: '# Seed\n\nGardens and soil.\n', file_name: 'seed.md', collection: 'many'});
	const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: root, collection: 'many'});
	t.is(started.status, 202);
	const id = started.body.job.id as string;
	t.is(started.body.job.state, 'running');

	const health = await daemon.request('GET', '/api/v1/health');
	const search = await daemon.request('POST', '/api/v1/search', {query: 'gardens soil', collection: 'many', top_k: 5});
	const during = await daemon.request('GET', `/api/v1/jobs/${id}`);
	t.is(health.status, 200);
	t.is(search.status, 200);
	t.true(search.body.results.length > 0);
	t.is(during.body.job.state, 'running', 'the job was still running when health and search answered');
	t.true(during.body.job.progress.processed_files < 3000);

	const seen = new Set<number>();
	let {job} = during.body;
	while (job.state === 'running') {
		seen.add(job.progress.processed_files);
		job = (await daemon.request('GET', `/api/v1/jobs/${id}`)).body.job;
	}

	t.is(job.state, 'completed');
	t.like(job.progress, {total_files: 3000, processed_files: 3000, indexed: 3000, failed: 0});
	t.true(seen.size > 2, 'progress was reported along the way');
	t.is(job.report.files.length, 3000);
	const collections = await daemon.request('GET', '/api/v1/collections');
	t.is(collections.body.collections.find((entry: {name: string}) => entry.name === 'many').count, 6001);
	await daemon.stop();
});

test('a running job can be cancelled, keeping what was committed', async t => {
	const root = temporaryDirectory('md-vector-cancel-');
	for (let file = 0; file < 1500; file++) {
		writeFileSync(path.join(root, `n${file}.md`), `# N${file}\n\nText ${file}.\n`);
	}

	const daemon = await startDaemon({MD_VECTOR_ALLOWED_ROOTS: root});
	const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: root, collection: 'c'});
	const cancelled = await daemon.request('POST', `/api/v1/jobs/${started.body.job.id}/cancel`);
	t.is(cancelled.status, 200);
	let {job} = cancelled.body;
	while (job.state === 'running') {
		job = (await daemon.request('GET', `/api/v1/jobs/${job.id}`)).body.job;
	}

	t.is(job.state, 'cancelled');
	t.true(job.progress.processed_files < 1500);
	t.is((await daemon.request('GET', '/api/v1/jobs/nope')).status, 404);
	await daemon.stop();
});

test('SIGTERM drains, removes the discovery record and exits 0', async t => {
	const daemon = await startDaemon();
	t.true(discoveryExists(daemon.home));
	await daemon.request('POST', '/api/v1/ingest', {content: '# A\n\nb', file_name: 'a.md'});
	daemon.process.kill('SIGTERM');
	const result = await daemon.process;
	t.is(result.exitCode, 0);
	t.false(discoveryExists(daemon.home));
	const again = await startDaemon({}, daemon.home);
	t.is((await again.request('GET', '/api/v1/collections')).body.collections[0].count, 1);
	await again.stop();
});
