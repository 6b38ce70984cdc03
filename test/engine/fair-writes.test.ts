// Background work takes turns with the user's writes: a vector fill-in embeds outside the write queue and
// writes one batch at a time, so an ingest made meanwhile goes in between batches instead of after the whole
// fill-in; the queue says what runs and what waits (/health, `status`).
import path from 'node:path';
import test from 'ava';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {WriteQueue} from '../../daemon/engine/write-queue.js';
import {poll} from '../../source/client/poll.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {writeNotes} from '../helpers/trees.js';
import {openEmbeddedEngine} from '../helpers/engine.js';

/** The embedder, holding the fill-in's calls after its first until release(); texts with `Urgent` pass at once. */
function holdingFillIn(inner: Embedder): Embedder & {release: () => void} {
	let fillCalls = 0;
	let release!: () => void;
	const held = new Promise<void>(resolve => {
		release = resolve;
	});
	return {
		modelId: inner.modelId,
		dims: inner.dims,
		async embedDocuments(texts) {
			if (!texts.some(text => text.includes('Urgent')) && fillCalls++ > 0) {
				await held;
			}

			return inner.embedDocuments(texts);
		},
		embedQuery: async text => inner.embedQuery(text),
		dispose: async () => inner.dispose(),
		release,
	};
}

test('an ingest made during a vector fill-in is written while the fill-in goes on', async t => {
	const engine = openEmbeddedEngine({dataDir: path.join(temporaryDirectory(), 'data'), settleDelayMs: 10});
	t.teardown(async () => engine.close());
	await engine.ingestDirectory('notes', {directory: writeNotes(3, 100), mode: 'default'}); // no model yet: 600 chunks, no vectors
	const embedder = holdingFillIn(await loadTinyEmbedder());
	engine.setEmbedder({status: 'ready', embedder});
	t.truthy(await poll(() => ((engine.vectorFillProgress?.done ?? 0) > 0 ? true : undefined), 60_000), 'the first batch went in');

	const ingest = engine.ingest({content: '# Urgent\n\nUrgent note about the fill-in.\n', fileName: 'urgent.md', collection: 'notes'});
	// Bounded: without turns the ingest would wait for the whole (held) fill-in.
	const written = await Promise.race([ingest, poll(() => undefined, 30_000)]);
	t.like(written, {file: 'urgent.md', outcome: 'indexed'});
	t.truthy(engine.vectorFillProgress, 'the fill-in is still going on');

	embedder.release();
	await engine.settled();
	t.like(await engine.stats('notes'), {chunks: 601, vectors: 601});
});

test('the write queue says which write runs and which wait behind it, in order', async t => {
	const queue = new WriteQueue();
	let open!: () => void;
	const gate = new Promise<void>(resolve => {
		open = resolve;
	});
	const first = queue.run('vector fill-in of notes (256 chunks)', async () => gate);
	const second = queue.run('ingest of a.md into notes', () => 'a');
	const third = queue.run('import into notes', () => 'b');
	t.truthy(await poll(() => (queue.state.running ? true : undefined), 10_000));
	t.deepEqual(queue.state, {running: 'vector fill-in of notes (256 chunks)', waiting: ['ingest of a.md into notes', 'import into notes']});
	open();
	t.deepEqual(await Promise.all([first, second, third]), [undefined, 'a', 'b']);
	t.deepEqual(queue.state, {running: null, waiting: []});
});
