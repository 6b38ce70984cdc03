import test from 'ava';
import {embedInBatches, planBatches} from '../../daemon/engine/embedder/batches.js';

test('batches: sorted by length, many short texts together, long ones alone, never over the cap', t => {
	const texts = ['x'.repeat(900), 'a', 'bb', 'x'.repeat(600), 'ccc', 'x'.repeat(300), 'x'.repeat(301)];
	const batches = planBatches(texts, 3, 1000);
	t.deepEqual(batches, [[1, 2, 4], [5, 6], [3], [0]]);
	t.deepEqual(batches.flat().sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6], 'every text exactly once');
	for (const batch of batches) {
		const longest = Math.max(...batch.map(index => texts[index]!.length));
		t.true(batch.length === 1 || batch.length * longest <= 1000, `padded size of ${JSON.stringify(batch)}`);
	}
});

test('embedInBatches returns vectors in the order of the texts', async t => {
	const texts = ['long text here', 'a', 'mid text', 'bb'];
	const vectors = await embedInBatches(texts, 2, async batch => batch.map(text => Float32Array.of(text.length)));
	t.deepEqual(vectors.map(vector => vector[0]), [14, 1, 8, 2]);
});
