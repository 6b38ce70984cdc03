// The model's turns (daemon/engine/embedder/query-first.ts): a search's query embedding goes ahead of the batches
// an ingestion queued, waiting only for the batch running when it came.
import test from 'ava';
import {QueryFirst} from '../../daemon/engine/embedder/query-first.js';
import {poll} from '../../source/client/poll.js';

test('a query queued while a batch runs runs next, before the batches queued earlier; a failing run fails only its caller', async t => {
	const turns = new QueryFirst();
	const order: string[] = [];
	let release!: () => void;
	const held = new Promise<void>(resolve => {
		release = resolve;
	});
	const batches = [
		turns.batch(async () => {
			order.push('batch 1 started');
			await held;
			order.push('batch 1');
		}),
		turns.batch(async () => {
			order.push('batch 2');
		}),
		turns.batch(async () => {
			throw new Error('batch 3 failed');
		}),
		turns.batch(async () => {
			order.push('batch 4');
		}),
	];
	t.truthy(await poll(() => (order.includes('batch 1 started') || undefined), 10_000), 'the first batch runs');
	const query = turns.query(async () => {
		order.push('query');
		return 42;
	});
	release();
	t.is(await query, 42);
	await t.throwsAsync(batches[2]!, {message: 'batch 3 failed'});
	await Promise.all([batches[0], batches[1], batches[3]]);
	t.deepEqual(order, ['batch 1 started', 'batch 1', 'query', 'batch 2', 'batch 4']);
});
