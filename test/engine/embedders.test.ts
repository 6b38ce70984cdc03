// The engine's models by reference (daemon/engine/embedder/embedders.ts): loaded on demand, once however many ask
// at once; a failure remembered a while, then tried again; released when unused, never the default nor a model a
// switch holds; the default's own load (the daemon's start) waited for. Fake embedders: no model is needed here.
import test from 'ava';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {Embedders} from '../../daemon/engine/embedder/embedders.js';

function fake(modelId: string, disposed: string[] = []): Embedder {
	return {
		modelId, dims: 4,
		embedDocuments: async texts => texts.map(() => new Float32Array(4)),
		embedQuery: async () => new Float32Array(4),
		async dispose() {
			disposed.push(modelId);
		},
	};
}

test('a model is loaded on demand, once for callers asking together, and released when unused unless default or held', async t => {
	const loads: string[] = [];
	const disposed: string[] = [];
	const ready: string[] = [];
	let now = 1000;
	const models = new Embedders(async reference => {
		loads.push(reference);
		return fake(reference, disposed);
	}, {idleMs: 1000, clock: () => now, onReady: embedder => ready.push(embedder.modelId)});
	t.teardown(async () => models.close());
	models.setDefault('base', {status: 'ready', embedder: fake('base', disposed)});
	const [a, b] = await Promise.all([models.get('other'), models.get('other')]);
	t.is(a, b);
	t.deepEqual(loads, ['other']);
	t.deepEqual(ready, ['base', 'other']);
	t.deepEqual(models.list().map(entry => [entry.reference, entry.state.status, entry.isDefault]), [['base', 'ready', true], ['other', 'ready', false]]);
	const release = models.hold('other');
	now += 5000;
	await models.releaseIdle();
	t.deepEqual(disposed, [], 'held by a switch: kept; the default: kept');
	release();
	await models.get('other');
	now += 500;
	await models.releaseIdle();
	t.deepEqual(disposed, [], 'used less than idleMs ago: kept');
	now += 500;
	await models.releaseIdle();
	t.deepEqual(disposed, ['other']);
	t.is(models.ready('other'), undefined);
	await models.get('other');
	t.deepEqual(loads, ['other', 'other'], 'loaded again on the next use');
});

test('a model that fails to load says why, is not tried again for a while, then is', async t => {
	let attempts = 0;
	let now = 1000;
	const models = new Embedders(async reference => {
		attempts++;
		throw new Error(`no folder for ${reference}`);
	}, {retryMs: 50, clock: () => now});
	t.teardown(async () => models.close());
	await t.throwsAsync(models.get('gone'), {message: 'no folder for gone'});
	await t.throwsAsync(models.get('gone'), {message: 'no folder for gone'});
	t.is(attempts, 1);
	t.like(models.state('gone'), {status: 'unavailable', reason: 'no folder for gone'});
	now += 49;
	await t.throwsAsync(models.get('gone'));
	t.is(attempts, 1, 'still within the retry delay');
	now += 1;
	await t.throwsAsync(models.get('gone'));
	t.is(attempts, 2);
});

test('the default model\'s load is its loader\'s: get() waits for it, and hears its failure', async t => {
	const models = new Embedders();
	t.teardown(async () => models.close());
	models.setDefault('base', {status: 'loading', modelId: 'Xenova/base'});
	const waiting = models.get('base');
	const embedder = fake('base');
	models.setDefault('base', {status: 'ready', embedder});
	t.is(await waiting, embedder);
	models.setDefault('next', {status: 'loading', modelId: 'next'});
	const failing = models.get('next');
	models.setDefault('next', {status: 'unavailable', modelId: 'next', reason: 'offline'});
	await t.throwsAsync(failing, {message: 'offline'});
	await t.throwsAsync(models.get('elsewhere'), {message: /not loaded, and this engine loads no other model than its default/});
});
