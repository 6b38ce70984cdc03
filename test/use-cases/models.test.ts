// `model use` as the use case runs it (daemon/use-cases/models.ts), in this process with a real engine and the two
// generated models: the owner's alone; a model that cannot be loaded changes nothing; a collection that already
// uses the model says so, and naming it while a switch to another runs cancels that switch (the old vectors keep
// serving); without a collection, the default model changes (recorded in the config file) and every collection
// switches. The new model's batches wait at a gate the test opens, so each state is seen, not raced.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';
import {JobRegistry} from '../../daemon/jobs/job-registry.js';
import {ModelResolver} from '../../daemon/models/model-resolver.js';
import {ModelSettings} from '../../daemon/models/model-settings.js';
import {Actor} from '../../daemon/use-cases/actor.js';
import {createUseCases} from '../../daemon/use-cases/use-cases.js';
import {SourceFollowers} from '../../daemon/watch/source-followers.js';
import {openEngine} from '../helpers/engine.js';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {temporaryDirectory, tiny48ModelDir, tinyModelDir} from '../helpers/paths.js';
import {statsOf} from '../helpers/stats-of.js';

const owner = Actor.owner([]);

/** The job once it is no longer running (heard from the registry's changes, not polled). */
async function ended(jobs: JobRegistry, id: string) {
	return new Promise<NonNullable<ReturnType<JobRegistry['get']>>>(resolve => {
		const check = () => {
			const job = jobs.get(id)!;
			if (job.state !== 'running') {
				jobs.changes.off('change', check);
				resolve(job);
			}
		};

		jobs.changes.on('change', check);
		check();
	});
}

async function setUp(t: {teardown: (fn: () => Promise<void>) => void}) {
	const [tiny, wide] = await Promise.all([loadTinyEmbedder(), loadTinyEmbedder(tiny48ModelDir)]);
	let release: () => void = () => undefined;
	const gate = new Promise<void>(resolve => {
		release = resolve;
	});
	const gated: Embedder = {...wide, embedDocuments: async texts => gate.then(async () => wide.embedDocuments(texts))};
	const home = temporaryDirectory();
	const {engine} = openEngine(tiny, path.join(home, 'data'));
	const env = {MD_VECTOR_MODEL_DIR: tinyModelDir};
	const resolver = new ModelResolver(modelConfigFromEnv(env), env, path.join(home, 'data', 'models.json'));
	engine.models.setLoader(async reference => {
		if (resolver.configOf(reference).directory !== tiny48ModelDir) {
			throw new Error(`could not load model ${reference}: no such folder`);
		}

		resolver.remember(reference);
		return gated;
	});
	const modelSettings = new ModelSettings(resolver, {setting: 'MD_VECTOR_MODEL_DIR', value: tinyModelDir}, path.join(home, 'config'), env);
	const jobs = new JobRegistry();
	const useCases = createUseCases({engine, jobs, followers: new SourceFollowers(engine, {log: () => undefined}), version: 'test', startedAt: Date.now(), modelSettings});
	for (const collection of ['a', 'b']) {
		await engine.ingest({content: `# ${collection}\n\nThe tide of ${collection}.\n\n## More\n\nThe moon of ${collection}.\n`, fileName: `${collection}.md`, collection});
	}

	t.teardown(async () => {
		release();
		await jobs.stopAll();
		await engine.close();
	});
	return {engine, jobs, useCases, home, open: release};
}

test('only the owner switches models; a model that cannot be loaded, or a collection that already uses it, changes nothing', async t => {
	const {engine, useCases, home} = await setUp(t);
	const client = Actor.client({label: 'reader', grants: [], from: 'over loopback'}, []);
	await t.throwsAsync(useCases.useModel(client, {model: tiny48ModelDir, collection: 'a'}), {message: /client 'reader' may not switch models: only the owner may/});
	const missing = await t.throwsAsync(useCases.useModel(owner, {model: '/nowhere/tiny-99', collection: 'a'}));
	t.like(missing, {code: 'model_unavailable', status: 422});
	t.regex(missing.message, /cannot switch to tiny-99: \/nowhere\/tiny-99 does not exist\. Nothing was changed: give the model's folder/);
	await t.throwsAsync(useCases.useModel(owner, {model: 'nonsense:thing'}), {message: /^model: 'nonsense:thing' names no model/});
	await t.throwsAsync(useCases.useModel(owner, {model: 'bge-smal-en-v1.5'}), {code: 'invalid_input', message: /^model: must be a model md-vector knows .*\(did you mean bge-small-en-v1\.5\?\)$/});
	const notInstalled = await t.throwsAsync(useCases.useModel(owner, {model: 'E5-small-v2', collection: 'a'}));
	t.like(notInstalled, {code: 'model_unavailable', status: 422});
	t.regex(notInstalled.message, /^cannot switch to e5-small-v2: .*Nothing was changed: install it \(md-vector model install e5-small-v2\), then md-vector model use e5-small-v2 again$/);
	t.deepEqual(await useCases.useModel(owner, {model: 'tiny', collection: 'a'}), {model: 'tiny', dimensions: 32, collections: [{collection: 'a', from: 'tiny', action: 'uses', chunks: 2}]});
	await t.throwsAsync(useCases.useModel(owner, {model: tiny48ModelDir, collection: 'nope'}), {message: /collection 'nope' does not exist/});
	t.deepEqual(await engine.models.switches(), []);
	t.throws(() => readFileSync(path.join(home, 'config', 'config.json')), {code: 'ENOENT'}, 'no setting written');
});

test('naming the model a collection uses while it switches to another cancels that switch: the old vectors keep serving', async t => {
	const {engine, jobs, useCases, open} = await setUp(t);
	const started = await useCases.useModel(owner, {model: tiny48ModelDir, collection: 'a'});
	t.like(started.collections[0], {collection: 'a', from: 'tiny', action: 'switching', chunks: 2});
	const job = started.collections[0]!.job!;
	t.like(job, {type: 'model-switch', collection: 'a', state: 'running', modelSwitch: {from: 'tiny', to: 'tiny-48', done: 0, total: 2}});
	t.like(await useCases.useModel(owner, {model: tiny48ModelDir, collection: 'a'}), {collections: [{action: 'switching', job: {id: job.id}}]}, 'asked again: the same switch');
	t.like(await useCases.useModel(owner, {model: tinyModelDir, collection: 'a'}), {collections: [{collection: 'a', action: 'cancelled', replaced: 'tiny-48'}]});
	t.deepEqual(await engine.models.switches(), []);
	open();
	t.like(await ended(jobs, job.id), {state: 'cancelled', cancelledBy: 'request', modelSwitch: {outcome: 'cancelled'}});
	t.like(await statsOf(engine, 'a'), {model: 'tiny', dims: 32, vectors: 2, model_switch: null});
});

test('without a collection: the default model changes, recorded in the config file, and every collection switches', async t => {
	const {engine, jobs, useCases, home, open} = await setUp(t);
	const use = await useCases.useModel(owner, {model: tiny48ModelDir});
	t.like(use, {model: 'tiny-48', dimensions: 48, default: {previous: 'tiny', recorded: {setting: tiny48ModelDir, overriddenBy: 'MD_VECTOR_MODEL_DIR'}}});
	t.deepEqual(use.collections.map(entry => [entry.collection, entry.action]), [['a', 'switching'], ['b', 'switching']]);
	t.deepEqual(JSON.parse(readFileSync(path.join(home, 'config', 'config.json'), 'utf8')), {model: tiny48ModelDir});
	t.like((await useCases.health({owner: true})), {embedder: {status: 'ready'}, origin: {setting: 'config', value: tiny48ModelDir}});
	t.is(engine.models.defaultModel, 'tiny-48');
	open();
	for (const entry of use.collections) {
		t.like(await ended(jobs, entry.job!.id), {state: 'completed', modelSwitch: {outcome: 'swapped', done: 2, total: 2}});
	}

	for (const collection of ['a', 'b']) {
		t.like(await statsOf(engine, collection), {model: 'tiny-48', dims: 48, vectors: 2});
	}

	await engine.ingest({content: '# c\n\nNew.\n', fileName: 'c.md', collection: 'c'});
	t.like(await statsOf(engine, 'c'), {model: 'tiny-48', dims: 48}, 'a new collection takes the new default');
});

test('a switch cancelled as a job is discarded (the old vectors keep serving); stopped with the daemon, it stays to be resumed', async t => {
	const {engine, jobs, useCases, open} = await setUp(t);
	const [a, b] = await Promise.all(['a', 'b'].map(async collection => useCases.useModel(owner, {model: tiny48ModelDir, collection})));
	jobs.cancel(a!.collections[0]!.job!.id); // POST /jobs/{id}/cancel, Ctrl-C under --wait
	jobs.cancel(b!.collections[0]!.job!.id, 'shutdown'); // md-vector stop
	open();
	t.like(await ended(jobs, a!.collections[0]!.job!.id), {state: 'cancelled', cancelledBy: 'request', modelSwitch: {outcome: 'cancelled'}});
	t.like(await ended(jobs, b!.collections[0]!.job!.id), {state: 'cancelled', cancelledBy: 'shutdown', modelSwitch: {outcome: 'stopped'}});
	t.deepEqual((await engine.models.switches()).map(entry => [entry.collection, entry.target.modelId]), [['b', 'tiny-48']], 'b\'s switch is kept for the next start');
	t.like(await statsOf(engine, 'a'), {model: 'tiny', vectors: 2, model_switch: null});
});
