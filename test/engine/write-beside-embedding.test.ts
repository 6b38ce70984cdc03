// Ingestion as a pipeline (daemon/engine/ingest/ingest-pipeline.ts): documents are embedded outside the engine's
// one write queue, so a write issued while an ingestion's embedding runs does not wait for the model.
import test from 'ava';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {openEngine} from '../helpers/engine.js';
import {makeTree} from '../helpers/file-tree.js';
import {poll} from '../../source/client/poll.js';

/** An embedder whose document embeddings wait, while `hold` is set, until the test lets them go: a slow model. */
function heldEmbedder() {
	let release: () => void = () => undefined;
	const vector = (text: string) => {
		const values = Float32Array.from({length: 8}, (_, index) => (text.codePointAt(index % Math.max(text.length, 1)) ?? 1) + index);
		const norm = Math.hypot(...values);
		return values.map(value => value / norm);
	};

	const held = {
		hold: false,
		waiting: 0,
		modelId: 'held-model',
		dims: 8,
		release() {
			held.hold = false;
			release();
		},
		async embedDocuments(texts: readonly string[]) {
			if (held.hold) {
				held.waiting++;
				await new Promise<void>(resolve => {
					release = resolve;
				});
				held.waiting--;
			}

			return texts.map(text => vector(text));
		},
		embedQuery: async (text: string) => vector(text),
		dispose: async () => undefined,
	} satisfies Embedder & Record<string, unknown>;
	return held;
}

/** Whether a promise settled within the bound (polled): false when it is still pending then. */
async function settles(promise: Promise<unknown>): Promise<boolean> {
	let done = false;
	void promise.then(() => {
		done = true;
	}, () => {
		done = true;
	});
	return (await poll(() => (done || undefined), 30_000, 50)) === true;
}

for (const [name, ingest] of [
	['a document sent to ingest', async (engine: ReturnType<typeof openEngine>['engine']) => engine.ingest({collection: 'c', fileName: 'slow.md', content: '# Slow\n\nembedded by a slow model'})],
	['a folder ingestion', async (engine: ReturnType<typeof openEngine>['engine']) => engine.ingestDirectory('c', {directory: makeTree({'slow.md': '# Slow\n\nembedded by a slow model', 'other.md': '# Other\n\nalso slow'}), mode: 'default'})],
] as const) {
	test(`a write issued while ${name} is embedded completes before the embedding ends; the ingestion then commits`, async t => {
		const embedder = heldEmbedder();
		const {engine} = openEngine(embedder);
		t.teardown(async () => {
			embedder.release();
			await engine.close();
		});
		await engine.ingest({collection: 'c', fileName: 'keep.md', content: '# Keep\n\nstored before'});
		await engine.ingest({collection: 'd', fileName: 'other.md', content: '# Other\n\nanother collection'});
		embedder.hold = true;
		const ingesting = ingest(engine);
		ingesting.catch(() => undefined);
		t.truthy(await poll(() => (embedder.waiting > 0 || undefined), 30_000, 50), 'the ingestion reached the model');

		// Writes the queue serialises, in the ingestion's collection and in another one.
		const deleted = engine.deleteDocument('c', 'keep.md');
		t.true(await settles(deleted), 'the delete completed while the model was still embedding');
		t.like(await deleted, {file: 'keep.md', deletedChunks: 1});
		t.is(embedder.waiting, 1, 'the embedding had not ended');
		t.true(await settles(engine.deleteDocument('d', 'other.md')), 'so did a delete in another collection');

		embedder.release();
		await ingesting;
		const files = new Set((await engine.documents('c')).map(document => document.file));
		t.true(files.has('slow.md'));
		t.false(files.has('keep.md'));
	});
}
