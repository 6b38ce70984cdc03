// Switching a collection's model in place, in the engine (daemon/engine/models/): the new model's vectors are made
// beside the old ones while searches answer from the old model, writes during the switch are caught up before the
// swap, the swap is at once (a search answers wholly from one model), a stop resumes where it was, a cancel keeps
// the old vectors. The two models are real (the generated tiny models, 32 and 48 wide); the new one is wrapped to
// hold its batches until the test lets them go.
import test from 'ava';
import type {Engine} from '../../daemon/engine/engine.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {temporaryDirectory, tiny48ModelDir} from '../helpers/paths.js';
import {statsOf} from '../helpers/stats-of.js';
import {openEmbeddedEngine} from '../helpers/engine.js';

/** An embedder whose document batches wait at a gate the test opens (one batch, or all), counting the texts embedded. */
function gated(inner: Embedder) {
	let opened = false;
	let credits = 0;
	const waiting: Array<() => void> = [];
	const gate = {
		embedded: 0,
		batches: 0,
		/** Lets one waiting batch (or the next one) through. */
		step() {
			const release = waiting.shift();
			if (release) {
				release();
			} else {
				credits++;
			}
		},
		open() {
			opened = true;
			for (const release of waiting.splice(0)) {
				release();
			}
		},
		embedder: {
			modelId: inner.modelId,
			dims: inner.dims,
			async embedDocuments(texts: readonly string[]) {
				gate.batches++;
				if (!opened && credits > 0) {
					credits--;
				} else if (!opened) {
					await new Promise<void>(resolve => {
						waiting.push(resolve);
					});
				}

				gate.embedded += texts.length;
				return inner.embedDocuments(texts);
			},
			embedQuery: async (text: string) => inner.embedQuery(text),
			dispose: async () => inner.dispose(),
		} satisfies Embedder,
	};
	return gate;
}

/** Until `check` holds (polled, no fixed sleep). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
	while (!await check()) {
		await new Promise(resolve => {
			setImmediate(resolve);
		});
	}
}

const note = (index: number) => `# Note ${index}\n\nThe tide and the moon, note ${index}, ${['basil', 'harbour', 'granite', 'lantern'][index % 4]}.\n`;

async function engineWith(dataDir: string, tiny: Embedder, next: () => Embedder): Promise<Engine> {
	const engine = openEmbeddedEngine({dataDir, settleDelayMs: 10, models: {switchBatch: 2}});
	engine.setEmbedder({status: 'ready', embedder: tiny});
	engine.models.setLoader(async reference => {
		if (reference !== 'tiny-48') {
			throw new Error(`no model ${reference} here`);
		}

		return next();
	});
	return engine;
}

/** Ids and scores of a semantic search, for comparing answers whole. */
async function answer(engine: Engine, collections: string[] = ['c']) {
	const outcome = await engine.search({query: 'tide and moon', topK: 5, mode: 'semantic', collection: collections[0]!, ...(collections.length > 1 ? {collections} : {})});
	return outcome.results.map(hit => `${hit.id} ${hit.score}`);
}

test('searches answer from the old model until the swap, then from the new one, never a mix; writes during the switch are caught up', async t => {
	const [tiny, wide] = await Promise.all([loadTinyEmbedder(), loadTinyEmbedder(tiny48ModelDir)]);
	const gate = gated(wide);
	const engine = await engineWith(`${temporaryDirectory()}/data`, tiny, () => gate.embedder);
	t.teardown(async () => engine.close());
	for (let index = 0; index < 5; index++) {
		await engine.ingest({content: note(index), fileName: `n${index}.md`, collection: 'c'});
	}

	const begun = await engine.models.beginSwitch('c', await engine.models.load('tiny-48'));
	t.like(begun, {from: 'tiny', target: {modelId: 'tiny-48', dims: 48}, done: 0, total: 5});
	const run = engine.models.runSwitch('c', 'tiny-48', new AbortController().signal);
	await until(() => gate.batches === 1);
	// A write during the switch: embedded with the collection's model of the moment; the switch catches up with it.
	t.is((await engine.ingest({content: note(5), fileName: 'n5.md', collection: 'c'})).outcome, 'indexed');
	t.like(await statsOf(engine, 'c'), {model: 'tiny', dims: 32, chunks: 6, vectors: 6});
	const before = await answer(engine);
	t.is(before.length, 5);
	gate.step();
	await until(async () => (await engine.models.switches())[0]?.done === 2);
	t.deepEqual(await answer(engine), before, 'a third of the way: still the old model');
	t.like((await statsOf(engine, 'c')).model_switch, {to: 'tiny-48', dims: 48, done: 2, total: 6});

	// Searches while the rest is embedded and swapped in: each one answers wholly from one model.
	const during: string[][] = [];
	const state = {finished: false};
	const report = run.finally(() => {
		state.finished = true;
	});
	gate.open();
	while (!state.finished) {
		during.push(await answer(engine));
	}

	t.like(await report, {to: 'tiny-48', done: 6, total: 6, outcome: 'swapped'});
	t.is(gate.embedded, 6, 'each chunk embedded once by the new model, the one written meanwhile included');
	t.like(await statsOf(engine, 'c'), {model: 'tiny-48', dims: 48, chunks: 6, vectors: 6, index_vectors: 6, model_switch: null});
	const after = await answer(engine);
	t.notDeepEqual(after, before);
	t.true(during.length > 0);
	t.deepEqual(during.filter(result => JSON.stringify(result) !== JSON.stringify(before) && JSON.stringify(result) !== JSON.stringify(after)), [], 'no answer mixes the two models');
	t.is((await engine.ingest({content: note(6), fileName: 'n6.md', collection: 'c'})).outcome, 'indexed', 'written with the new model after the swap');
	t.like(await statsOf(engine, 'c'), {model: 'tiny-48', vectors: 7});
});

test('a stopped switch resumes where it was at the next start; a cancelled one leaves the old vectors serving', async t => {
	const [tiny, wide] = await Promise.all([loadTinyEmbedder(), loadTinyEmbedder(tiny48ModelDir)]);
	const dataDir = `${temporaryDirectory()}/data`;
	const first = gated(wide);
	const engine = await engineWith(dataDir, tiny, () => first.embedder);
	for (let index = 0; index < 6; index++) {
		await engine.ingest({content: note(index), fileName: `n${index}.md`, collection: 'c'});
	}

	await engine.models.beginSwitch('c', await engine.models.load('tiny-48'));
	const stop = new AbortController();
	const run = engine.models.runSwitch('c', 'tiny-48', stop.signal);
	first.step();
	await until(() => first.batches === 2);
	stop.abort('shutdown'); // the daemon stopping: the batch under way ends first
	first.step();
	t.like(await run, {done: 4, total: 6, outcome: 'stopped'});
	await engine.close();

	const second = gated(wide);
	second.open();
	const again = await engineWith(dataDir, tiny, () => second.embedder);
	t.teardown(async () => again.close());
	t.like((await again.models.switches())[0], {collection: 'c', from: 'tiny', done: 4, total: 6});
	t.like(await again.models.runSwitch('c', 'tiny-48', new AbortController().signal), {done: 6, total: 6, outcome: 'swapped'});
	t.is(second.embedded, 2, 'resumed where it was: only the chunks left were embedded');
	t.like(await statsOf(again, 'c'), {model: 'tiny-48', vectors: 6});

	// Back to tiny, cancelled half way: tiny's vectors were never replaced.
	const back = await again.models.beginSwitch('c', tiny);
	t.like(back, {from: 'tiny-48', target: {modelId: 'tiny'}});
	const before = await answer(again);
	const cancel = new AbortController();
	cancel.abort('request');
	t.like(await again.models.runSwitch('c', 'tiny', cancel.signal), {outcome: 'cancelled'});
	t.deepEqual(await again.models.switches(), []);
	t.like(await statsOf(again, 'c'), {model: 'tiny-48', vectors: 6, model_switch: null});
	t.deepEqual(await answer(again), before);
});

test('a search over collections of two models embeds the query with each, and ranks each collection with its own', async t => {
	const [tiny, wide] = await Promise.all([loadTinyEmbedder(), loadTinyEmbedder(tiny48ModelDir)]);
	const gate = gated(wide);
	gate.open();
	const engine = await engineWith(`${temporaryDirectory()}/data`, tiny, () => gate.embedder);
	t.teardown(async () => engine.close());
	for (let index = 0; index < 3; index++) {
		await engine.ingest({content: note(index), fileName: `n${index}.md`, collection: 'old'});
		await engine.ingest({content: note(index + 10), fileName: `m${index}.md`, collection: 'new'});
	}

	await engine.models.beginSwitch('new', await engine.models.load('tiny-48'));
	t.like(await engine.models.runSwitch('new', 'tiny-48', new AbortController().signal), {outcome: 'swapped'});
	const both = await engine.search({query: 'tide and moon', topK: 6, mode: 'semantic', collection: 'old', collections: ['old', 'new']});
	t.is(both.notice, undefined);
	t.deepEqual(new Set(both.results.map(hit => hit.collection)), new Set(['old', 'new']));
	t.true(both.results.every(hit => hit.score >= 0 && hit.score <= 1), 'each model\'s similarities scaled to 0..1 before they are merged');
	const alone = await engine.search({query: 'tide and moon', topK: 3, mode: 'semantic', collection: 'new'});
	t.deepEqual(both.results.filter(hit => hit.collection === 'new').map(hit => hit.id), alone.results.map(hit => hit.id), 'the new collection ranked by its own model, as when searched alone');
	const hybrid = await engine.search({query: 'tide and moon', topK: 6, mode: 'hybrid', collection: 'old', collections: ['old', 'new']});
	t.is(hybrid.notice, undefined);
	t.is(hybrid.results.length, 6);
});
