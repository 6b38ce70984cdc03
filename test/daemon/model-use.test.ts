// Switching a collection's model in place with real daemons, on both backends: the embedded store and a native
// PostgreSQL with pgvector. Two real generated models (tiny, 32 wide, the daemon's own; tiny-48, 48 wide). While
// the new vectors are made, searches answer from the old model; a SIGKILL half way, then a start: the switch
// resumes where it was and completes; no answer ever mixes the two models.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token-header.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {temporaryDirectory, tiny48ModelDir} from '../helpers/paths.js';
import {testDatabase} from '../helpers/postgres/test-database.js';

/** 100 notes of two chunks each: 200 chunks, switched 8 at a time (25 steps: time to see it half way). */
function notesFolder(): string {
	const root = temporaryDirectory('md-vector-switch-notes-');
	const folder = path.join(root, 'notes');
	mkdirSync(folder);
	const words = ['tide', 'granite', 'lantern', 'harbour', 'basil', 'comet', 'willow', 'ember'];
	for (let index = 0; index < 100; index++) {
		writeFileSync(path.join(folder, `n${index}.md`), `# Note ${index}\n\nThe ${words[index % 8]} and the ${words[(index * 3) % 8]} of note ${index}.\n\n## More\n\nA ${words[(index * 5) % 8]} beside the ${words[(index + 1) % 8]}.\n`);
	}

	return folder;
}

/** An owner's request (the local token of the discovery record: POST /models/use is the owner's alone). */
async function asOwner(daemon: RunningDaemon, method: string, route: string, body?: unknown) {
	const {token} = readDiscovery(path.join(daemon.home, 'state'))!;
	return daemon.request(method, route, body, {[localTokenHeader]: token});
}

/** A semantic search's ids and scores, for comparing answers whole. */
async function answer(daemon: RunningDaemon): Promise<string> {
	const {status, body} = await daemon.request('POST', '/api/v1/search', {query: 'the tide and the lantern', collection: 'notes', mode: 'semantic', top_k: 8});
	if (status !== 200) {
		throw new Error(`search answered ${status}: ${JSON.stringify(body)}`);
	}

	return JSON.stringify(body.results.map((hit: {id: string; score: number}) => [hit.id, hit.score]));
}

async function switchOf(daemon: RunningDaemon): Promise<{done: number; total: number; from: string; to: string} | undefined> {
	return (await daemon.request('GET', '/api/v1/health')).body.checks.embedder.model_switches?.[0];
}

for (const backend of ['sqlite', 'postgres'] as const) {
	test(`${backend}: searches answer from the old model while the new one's vectors are made; a SIGKILL half way resumes at the next start, and completes; never a mix`, async t => {
		const database = backend === 'postgres' ? await testDatabase() : undefined;
		t.teardown(async () => database?.stop());
		const folder = notesFolder();
		// Above 50 vectors an HNSW index (cast to the old dimension on PostgreSQL): the swap replaces it too.
		const env = {MD_VECTOR_SWITCH_BATCH: '8', MD_VECTOR_HNSW_THRESHOLD: '50', MD_VECTOR_ALLOWED_ROOTS: path.dirname(folder), ...(database ? {MD_VECTOR_DATABASE_URL: database.url} : {})};
		const first = await startDaemon(env);
		t.teardown(async () => first.stop());
		await untilReady(first);
		const ingest = await first.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'notes'});
		t.is(ingest.status, 202);
		t.truthy(await poll(async () => ((await first.request('GET', `/api/v1/jobs/${ingest.body.job.id}`)).body.job.state === 'completed' ? true : undefined), 120_000));
		t.truthy(await poll(async () => ((await first.request('GET', '/api/v1/stats?collection=notes')).body.index_kind === 'hnsw' ? true : undefined), 60_000), 'the old model\'s HNSW index');
		const old = await answer(first);

		const refused = await asOwner(first, 'POST', '/api/v1/models/use', {model: '/nowhere/tiny-99', collection: 'notes'});
		t.is(refused.status, 422);
		t.regex(refused.body.error.message, /cannot switch to tiny-99: \/nowhere\/tiny-99 does not exist.*Nothing was changed/);
		t.is(await switchOf(first), undefined);

		const started = await asOwner(first, 'POST', '/api/v1/models/use', {model: tiny48ModelDir, collection: 'notes'});
		t.is(started.status, 202, JSON.stringify(started.body));
		t.like(started.body, {model: 'tiny-48', dimensions: 48, collections: [{collection: 'notes', from: 'tiny', action: 'switching', chunks: 200}]});
		t.is(started.body.default, undefined, 'one collection: the default model stays');
		// Half way: every answer is still the old model's.
		let seen = await switchOf(first);
		while (seen && seen.done < 24) {
			t.is(await answer(first), old);
			seen = await switchOf(first);
		}

		t.like(seen, {from: 'tiny', to: 'tiny-48', total: 200}, 'seen half way (200 chunks, 8 a step), not ended');
		t.true((seen?.done ?? 200) < 200, `caught half way: ${seen?.done} of 200`);
		const stats = (await first.request('GET', '/api/v1/stats?collection=notes')).body;
		t.like(stats, {model: 'tiny', dims: 32, vectors: 200, model_switch: {to: 'tiny-48', dims: 48, total: 200}});
		t.like((await first.request('GET', `/api/v1/jobs/${started.body.collections[0].job_id}`)).body.job, {type: 'model-switch', collection: 'notes', state: 'running'});
		const listed = (await asOwner(first, 'GET', '/api/v1/models')).body;
		t.deepEqual(listed.other_collections, [{collection: 'notes', model: 'tiny', switching_to: 'tiny-48'}], 'model list: the collection\'s model, and the switch under way');
		t.deepEqual(listed.models.map((model: {switching: string[]}) => model.switching), [[], [], []]);
		first.process.kill('SIGKILL');
		await first.process;

		const second = await startDaemon(env, first.home);
		t.teardown(async () => second.stop());
		// Resumed right after it listens.
		const resumed = await poll(async () => /resuming the model switch of 'notes' to tiny-48: (\d+) of 200 chunks done/.exec(second.log()) ?? undefined, 30_000);
		t.truthy(resumed, second.log());
		t.true(Number(resumed![1]) >= 24, 'resumed where it was, not from the start');
		await untilReady(second); // its own model: searches of a collection still on it wait for it
		const during = new Set<string>();
		while (await switchOf(second)) {
			during.add(await answer(second));
		}

		const after = await answer(second);
		t.not(after, old);
		t.deepEqual([...during].filter(result => result !== old && result !== after), [], 'each answer is wholly one model\'s');
		t.like((await second.request('GET', '/api/v1/stats?collection=notes')).body, {model: 'tiny-48', dims: 48, chunks: 200, vectors: 200, model_switch: null});
		t.regex(second.log(), /model switch of 'notes' to tiny-48: swapped/);
		const health = (await second.request('GET', '/api/v1/health')).body.checks.embedder;
		t.like(health, {model: 'tiny', status: 'ok'});
		t.deepEqual(health.models.map((model: {model: string; default: boolean}) => [model.model, model.default]), [['tiny', true], ['tiny-48', false]]);
		const index = await poll(async () => {
			const {body} = await second.request('GET', '/api/v1/stats?collection=notes');
			return body.index_kind === 'hnsw' ? body : undefined;
		}, 60_000);
		t.like(index, {dims: 48, index_vectors: 200}, 'the new model\'s HNSW index, built after the swap');
		const written = await second.request('POST', '/api/v1/ingest', {content: '# Late\n\nThe tide came in late.\n', file_name: 'late.md', collection: 'notes'});
		t.is(written.status, 200, 'written with the new model');
		t.like((await second.request('GET', '/api/v1/stats?collection=notes')).body, {vectors: 201, dims: 48});
	});
}
