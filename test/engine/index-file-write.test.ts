// Issue 37: an index file's write held the index thread for its whole length (a 62k graph 200-330 ms), so
// searches during an ingestion waited behind it. The thread now takes the index in the call and writes the file
// while it answers later calls; the file holds the moment of the call.
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {acquireIndexThread} from '../../daemon/engine/storage/embedded/vector-index/index-thread.js';
import {temporaryDirectory} from '../helpers/paths.js';

const dims = 64;
const count = 20_000;

/** `rows` unit vectors with rowids from `first`, back to back. */
function vectors(rows: number, first: number): {rowids: number[]; vectors: Float32Array} {
	const values = Float32Array.from({length: rows * dims}, (_, at) => Math.sin((at * 7919) + first));
	for (let row = 0; row < rows; row++) {
		const vector = values.subarray(row * dims, (row + 1) * dims);
		const norm = Math.hypot(...vector);
		for (let at = 0; at < dims; at++) {
			vector[at]! /= norm;
		}
	}

	return {rowids: Array.from({length: rows}, (_, at) => first + at), vectors: values};
}

for (const kind of ['flat', 'hnsw'] as const) {
	test(`the index thread answers calls sent after a write (${kind}) before the write ends; the file holds the moment of the call`, async t => {
		const lease = acquireIndexThread();
		const {thread} = lease;
		const key = `write-${kind}`;
		const file = path.join(temporaryDirectory(), 'indexes', 'collection-1');
		try {
			await thread.call('create', {key, dims, kind});
			for (let first = 1; first <= count; first += 2000) {
				await thread.call('add', {key, ...vectors(2000, first)});
			}

			const order: string[] = [];
			const write = thread.call('write', {key, file, generation: 5}).then(reply => {
				order.push('write');
				return reply;
			});
			const later = vectors(1, count + 1);
			const search = thread.call('search', {key, query: later.vectors, k: 3}).then(() => order.push('search'));
			const added = thread.call('add', {key, rowids: later.rowids, vectors: new Float32Array(later.vectors)}).then(reply => {
				order.push('add');
				return reply;
			});
			const [written, , grown] = await Promise.all([write, search, added]);
			t.deepEqual(order, ['search', 'add', 'write'], 'the search and the add were answered while the file was written');
			t.is(written.size, count);
			t.is(grown.size, count + 1);
			// Read back on the index thread (faiss-node aborts a process that loads it on a second thread).
			const read = await thread.call('load', {key: `${key}-read`, file, dims, generation: 5});
			t.like(read, {loaded: true, size: count, kind}, 'the file holds the index as the write call found it, not the add after it');
			const {rowids} = await thread.call('search', {key: `${key}-read`, query: later.vectors, k: 1});
			await thread.call('drop', {key: `${key}-read`});
			t.notDeepEqual(rowids, [count + 1]);
			t.deepEqual(readdirSync(path.dirname(file)).sort(), ['collection-1.faiss', 'collection-1.json'], 'no temporary file is left');
		} finally {
			await thread.call('drop', {key});
			await lease.release();
		}
	});
}

test('dropping an index waits for its file write, so files removed after a drop stay removed', async t => {
	const lease = acquireIndexThread();
	const {thread} = lease;
	const file = path.join(temporaryDirectory(), 'indexes', 'collection-2');
	try {
		await thread.call('create', {key: 'dropped', dims, kind: 'flat'});
		await thread.call('add', {key: 'dropped', ...vectors(2000, 1)});
		const order: string[] = [];
		const write = thread.call('write', {key: 'dropped', file, generation: 1}).then(() => order.push('write'));
		const drop = thread.call('drop', {key: 'dropped'}).then(() => order.push('drop'));
		await Promise.all([write, drop]);
		t.deepEqual(order, ['write', 'drop']);
		t.true(existsSync(`${file}.faiss`));
	} finally {
		await lease.release();
	}
});
