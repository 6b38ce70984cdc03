// The storage contract, part five: a collection's switch to another model (storage.ts ModelSwitchStore). The new
// model's vectors are kept beside the live ones, which answer every search until the swap; the swap replaces all
// of them in one transaction that checks every chunk has one (chunks written meanwhile have none); a cancel or a
// replacement discards them; a query of the old model is never ranked against the new vectors. Registered by
// storageContract for every backend.
import type {TestFn} from 'ava';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, Fingerprint} from '../../daemon/engine/storage/types.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {seeded} from '../helpers/seeded.js';
import {documentOf, fingerprint, vectorOf} from './fixtures.js';

type Open = (t: {teardown: (fn: () => Promise<void>) => void}) => Promise<{storage: Storage; collection: Collection}>;

const next: Fingerprint = {modelId: 'next-model', dims: 4};

/** A 4-dimension unit vector that depends only on the text: the "next model". */
function nextVectorOf(text: string): Float32Array {
	let seed = 11;
	for (const char of text) {
		seed = ((seed * 37) + char.codePointAt(0)!) % 2_147_483_647;
	}

	const random = seeded(seed);
	const vector = Float32Array.from({length: next.dims}, () => random() - 0.5);
	const norm = Math.hypot(...vector);
	return vector.map(value => value / norm);
}

/** Gives every pending chunk (after `after`) its next-model vector; answers the last rowid. */
async function fill(storage: Storage, collection: Collection, target: Fingerprint, after = 0, limit = 1000): Promise<number> {
	const pending = await storage.chunksForSwitch(collection, after, limit);
	if (pending.length > 0) {
		await storage.setSwitchVectors(collection, target, pending.map(chunk => ({rowid: chunk.rowid, vector: nextVectorOf(chunk.text)})));
	}

	return pending.at(-1)?.rowid ?? after;
}

export function switchContract(test: TestFn, name: string, open: Open): void {
	test(`${name}: a model switch keeps its vectors beside the live ones, and the swap replaces them all at once when every chunk has one`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'alpha one'}, {content: 'alpha two', headings: ['Part']}]), documentOf('b.md', [{content: 'beta one'}])], fingerprint);
		const old = (await storage.collection('c'))!;
		const liveBefore = await storage.vectorTopK(old, vectorOf('alpha one'), 10);

		const begun = await storage.beginModelSwitch(collection, next);
		t.like(begun, {collection: 'c', from: 'contract-model', target: next, done: 0, total: 3});
		t.deepEqual((await storage.modelSwitches()).map(entry => entry.collection), ['c']);
		const first = await storage.chunksForSwitch(collection, 0, 2);
		t.deepEqual(first.map(chunk => chunk.text), ['a\n\nalpha one', 'a > Part\n\nalpha two'], 'rowid order, with the text to embed');
		t.is(await storage.setSwitchVectors(collection, next, first.map(chunk => ({rowid: chunk.rowid, vector: nextVectorOf(chunk.text)}))), 2);
		t.like(await storage.modelSwitch(collection), {done: 2, total: 3});
		t.deepEqual(await storage.vectorTopK(old, vectorOf('alpha one'), 10), liveBefore, 'the live vectors answer while the switch runs');
		t.deepEqual(await storage.completeModelSwitch(collection, next), {swapped: false, missing: 1}, 'not while a chunk has none');
		t.like(await storage.collection('c'), {modelId: 'contract-model', dims: 8});

		// Written and deleted during the switch: the new chunk has no vector of the target until given one.
		await storage.writeDocuments(collection, [documentOf('c.md', [{content: 'gamma one'}])], fingerprint);
		t.is(await storage.deleteDocument(collection, 'b.md'), 1);
		const rest = await storage.chunksForSwitch(collection, first.at(-1)!.rowid, 100);
		t.deepEqual(rest.map(chunk => chunk.text), ['c\n\ngamma one'], 'the deleted chunk is not pending; the written one is');
		t.like(await storage.modelSwitch(collection), {done: 2, total: 3});
		await fill(storage, collection, next, first.at(-1)!.rowid);
		t.deepEqual(await storage.completeModelSwitch(collection, next), {swapped: true});

		const switched = (await storage.collection('c'))!;
		t.like(switched, {modelId: 'next-model', dims: 4});
		t.like(await storage.stats(switched), {chunks: 3, vectors: 3});
		t.is(await storage.modelSwitch(switched), undefined);
		t.deepEqual(await storage.modelSwitches(), []);
		const ranked = await storage.vectorTopK(switched, nextVectorOf('c\n\ngamma one'), 3);
		t.is(ranked.length, 3);
		t.is(ranked[0]!.rowid, rest[0]!.rowid, 'ranked by the new vectors');
		t.true(Math.abs(ranked[0]!.score - 1) < 1e-5);
		await t.throwsAsync(storage.vectorTopK(old, vectorOf('alpha one'), 10), {message: /now holds vectors of next-model/}, 'a query of the old model is refused, not ranked');
		await t.throwsAsync(storage.writeDocuments(switched, [documentOf('d.md', [{content: 'delta'}])], fingerprint), {message: /holds vectors of next-model/}, 'and so are its vectors');
	});

	test(`${name}: a cancelled or replaced switch discards its vectors and refuses theirs; beginning it again resumes it`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'alpha one'}, {content: 'alpha two'}])], fingerprint);
		const old = (await storage.collection('c'))!;
		const begun = await storage.beginModelSwitch(collection, next);
		await fill(storage, collection, next, 0, 1);
		t.like(await storage.beginModelSwitch(collection, next), {startedAt: begun.startedAt, done: 1}, 'the same target: the switch under way, resumed');
		const other: Fingerprint = {modelId: 'other-model', dims: 4};
		t.like(await storage.beginModelSwitch(collection, other), {target: other, done: 0, total: 2}, 'another target replaces it, from nothing');
		await t.throwsAsync(storage.setSwitchVectors(collection, next, [{rowid: 1, vector: nextVectorOf('x')}]), {message: /not switching to next-model any more/});
		await t.throwsAsync(storage.completeModelSwitch(collection, next), {message: /not switching to next-model any more/});
		await t.throwsAsync(storage.setSwitchVectors(collection, other, [{rowid: 1, vector: new Float32Array(8)}]), {message: /8 dimensions; other-model makes 4/});
		t.true(await storage.cancelModelSwitch(collection));
		t.false(await storage.cancelModelSwitch(collection), 'none left to cancel');
		t.is(await storage.modelSwitch(collection), undefined);
		t.like(await storage.collection('c'), {modelId: 'contract-model', dims: 8});
		t.is((await storage.vectorTopK(old, vectorOf('alpha two'), 1))[0]?.score.toFixed(4), '1.0000', 'the live vectors keep serving');
		await t.throwsAsync(storage.completeModelSwitch(collection, other), {message: /not switching/});
	});

	test(`${name}: a collection without vectors switches too, and a deleted collection takes its switch with it`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'alpha one', vector: null}, {content: 'alpha two', vector: null}])]);
		t.like(await storage.beginModelSwitch(collection, next), {from: null, done: 0, total: 2});
		await fill(storage, collection, next);
		t.deepEqual(await storage.completeModelSwitch(collection, next), {swapped: true});
		t.like(await storage.collection('c'), {modelId: 'next-model', dims: 4});
		t.like(await storage.stats(collection), {vectors: 2});

		const other = await storage.ensureCollection('other', chunkerVersion);
		await storage.writeDocuments(other, [documentOf('o.md', [{content: 'omega'}])], fingerprint);
		await storage.beginModelSwitch(other, next);
		await fill(storage, other, next);
		await storage.deleteCollection(other);
		t.deepEqual(await storage.modelSwitches(), []);
	});
}
