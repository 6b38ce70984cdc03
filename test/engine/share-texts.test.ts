// How an embedder's sessions share a call's texts (daemon/engine/embedder/share-texts.ts).
import test from 'ava';
import {largestSlice, shareTexts} from '../../daemon/engine/embedder/share-texts.js';

const texts = Array.from({length: 50}, (_, index) => `text ${index}`);
const vectorOf = (text: string) => Float32Array.of(Number(text.split(' ')[1]));

test('every text once, vectors in the order of the texts, every session busy, slices shrinking toward the end', async t => {
	const slices: Array<{session: number; size: number}> = [];
	const vectors = await shareTexts(texts, 2, async (session, slice) => {
		slices.push({session, size: slice.length});
		await new Promise(resolve => setImmediate(resolve)); // the other session takes its turn meanwhile
		return slice.map(text => vectorOf(text));
	});
	t.deepEqual(vectors.map(vector => vector[0]), texts.map((_, index) => index));
	t.is(slices.reduce((sum, slice) => sum + slice.size, 0), texts.length);
	t.deepEqual(new Set(slices.map(slice => slice.session)), new Set([0, 1]), 'both sessions took slices');
	t.true(slices.every(slice => slice.size > 0 && slice.size <= largestSlice));
	t.is(slices.at(-1)!.size, 1, 'the last slices are single texts, so the sessions finish together');
});

test('one session takes every slice; no texts, no call', async t => {
	const sessions = new Set<number>();
	const vectors = await shareTexts(texts.slice(0, 20), 1, async (session, slice) => {
		sessions.add(session);
		return slice.map(text => vectorOf(text));
	});
	t.is(vectors.length, 20);
	t.deepEqual([...sessions], [0]);
	t.deepEqual(await shareTexts([], 2, async () => {
		throw new Error('never called');
	}), []);
});

test('the first failure is thrown and the sessions take no more slices', async t => {
	let calls = 0;
	await t.throwsAsync(shareTexts(texts, 2, async (_, slice) => {
		calls++;
		if (slice.includes('text 0')) {
			throw new Error('model failed');
		}

		await new Promise(resolve => setImmediate(resolve));
		return slice.map(text => vectorOf(text));
	}), {message: 'model failed'});
	await new Promise(resolve => setImmediate(resolve));
	t.true(calls <= 3, `${calls} calls`);
});
