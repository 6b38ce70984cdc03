// Chunks stored while no model was loaded get vectors once one is: while that runs, semantic and hybrid answers
// say how much of the collection they see, and `status` and `stats` show the progress. The real daemon app and
// engine serve the CLI binary; only the embedder is held after its first batch, so the fill-in stays in progress.
import type {Server} from 'node:http';
import path from 'node:path';
import test from 'ava';
import {createApp} from '../../daemon/app.js';
import {AccessControl} from '../../daemon/http/access-control.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {JobRegistry} from '../../daemon/jobs/job-registry.js';
import {version} from '../../common/version.js';
import {poll} from '../../source/client/poll.js';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {writeNotes} from '../helpers/trees.js';
import {openEmbeddedEngine} from '../helpers/engine.js';

/** The embedder, passing its first call and holding the later ones until release(). */
function heldAfterFirst(inner: Embedder): Embedder & {release: () => void} {
	let calls = 0;
	let release: (() => void) | undefined;
	const held = new Promise<void>(resolve => {
		release = resolve;
	});
	return {
		modelId: inner.modelId,
		dims: inner.dims,
		async embedDocuments(texts) {
			if (calls++ > 0) {
				await held;
			}

			return inner.embedDocuments(texts);
		},
		embedQuery: async text => inner.embedQuery(text),
		dispose: async () => inner.dispose(),
		release() {
			release?.();
		},
	};
}

test('while vectors are filled in: search notices with the fraction, status and stats show the progress', async t => {
	const home = temporaryDirectory();
	const engine = openEmbeddedEngine({dataDir: path.join(home, 'data'), settleDelayMs: 10});
	await engine.ingestDirectory('notes', {directory: writeNotes(3, 100), mode: 'default'}); // no model yet: 600 chunks, no vectors
	const embedder = heldAfterFirst(await loadTinyEmbedder());
	engine.setEmbedder({status: 'ready', embedder});
	t.true(await poll(() => ((engine.vectorFillProgress?.done ?? 0) > 0 ? true : undefined), 60_000), 'the first batch went in');

	const app = createApp({
		engine, jobs: new JobRegistry(), version, startedAt: Date.now(), rateLimit: {points: 0, durationSeconds: 60}, allowedRoots: () => [],
		access: new AccessControl(path.join(home, 'config'), {}, () => undefined), host: '127.0.0.1', allowedHosts: [], mcpReadOnly: false, log: () => undefined,
	});
	const server = await new Promise<Server>(resolve => {
		const listening = app.listen(0, '127.0.0.1', () => {
			resolve(listening);
		});
	});
	t.teardown(async () => {
		embedder.release();
		await engine.settled();
		await new Promise(resolve => server.close(resolve));
		await engine.close();
	});
	const {port} = server.address() as {port: number};
	const md = cli({MD_VECTOR_URL: `http://127.0.0.1:${port}`});

	const stats = await md.json(['stats', '-C', 'notes']);
	t.deepEqual(stats.vector_fill, {done: 256, total: 600});
	t.regex(String((await md.run(['stats', '-C', 'notes'])).stdout), /^vectors {4}256 stored, 256 in the index; filling in: 256 of 600 chunks \(42%\)$/m);
	t.like(await md.json(['status']), {status: 'ok', checks: {embedder: {status: 'ok', vector_fill: {done: 256, total: 600}}}});
	const status = String((await md.run(['status'])).stdout);
	t.regex(status, /: ok, filling in vectors \(256 of 600 chunks, 42%; semantic search sees those only\), 600 chunks, model tiny \(ok\)$/m);
	t.regex(status, /^storage: embedded \(SQLite \+ FAISS\) in .+$/m, 'status names the storage');
	for (const mode of ['semantic', 'hybrid']) {
		const search = await md.run(['search', 'gardens', '--mode', mode, '-C', 'notes']);
		t.is(search.exitCode, 0);
		t.regex(String(search.stderr), /^note: vectors are still being filled in for 'notes': 256 of 600 chunks \(42%\) have one so far, and semantic ranking sees only those$/m, mode);
		t.regex((await md.json(['search', 'gardens', '--mode', mode, '-C', 'notes'])).notice, /256 of 600 chunks \(42%\)/);
	}

	t.is((await md.json(['search', 'gardens', '--mode', 'keyword', '-C', 'notes'])).notice, undefined, 'keyword search sees everything');

	embedder.release();
	await engine.settled();
	t.is((await md.json(['stats', '-C', 'notes'])).vector_fill, null);
	t.is((await md.json(['status'])).checks.embedder.vector_fill, undefined);
	t.regex(String((await md.run(['status'])).stdout), /: ok, 600 chunks, model tiny \(ok\)$/m);
	t.is((await md.json(['search', 'gardens', '--mode', 'semantic', '-C', 'notes'])).notice, undefined);
});
