import test from 'ava';
import {IndexBuild} from '../../daemon/engine/storage/embedded/vector-index/index-build.js';
import type {VectorChange} from '../../daemon/engine/storage/embedded/sqlite/types.js';

/**
 * A build against a store held in a Map (rowid -> vector, undefined: a chunk without one yet), with the new
 * index as a Map too; the test commits changes between steps as the engine would, and checks that the new index
 * ends up holding exactly what the store holds.
 */
function harness(rows: number) {
	const store = new Map<number, Float32Array | undefined>();
	for (let rowid = 1; rowid <= rows; rowid++) {
		store.set(rowid, rowid % 4 === 0 ? undefined : Float32Array.of(rowid)); // every 4th waits for its vector
	}

	const built = new Map<number, number>();
	const build = new IndexBuild({
		read: (after, limit) => [...store].filter(([rowid, vector]) => rowid > after && vector).sort(([a], [b]) => a - b).slice(0, limit).map(([rowid, vector]) => ({rowid, vector: vector!})),
		async add(added) {
			for (const {rowid, vector} of added) {
				if (built.has(rowid)) {
					throw new Error(`row ${rowid} added twice`);
				}

				built.set(rowid, vector[0]!);
			}
		},
		async remove(rowids) {
			for (const rowid of rowids) {
				built.delete(rowid);
			}
		},
	}, 'hnsw', 5);
	const commit = (change: VectorChange) => {
		for (const rowid of change.removed) {
			store.delete(rowid);
		}

		for (const {rowid, vector} of change.added) {
			store.set(rowid, vector);
		}

		build.takeIn(change);
	};

	const expected = () => new Map([...store].filter(([, vector]) => vector).map(([rowid, vector]) => [rowid, vector![0]!]));
	return {store, built, build, commit, expected};
}

test('changes committed between steps end up in the new index: rows read and not yet read, removed, added, given vectors', async t => {
	const {built, build, commit, expected} = harness(40);
	t.is(await build.step(), 'more');
	t.is(await build.step(), 'more'); // rows 1..13 read (10 with vectors)
	commit({removed: [2, 30], added: []}); // one read, one not yet
	commit({removed: [], added: [{rowid: 4, vector: Float32Array.of(4)}, {rowid: 36, vector: Float32Array.of(36)}]}); // vectors filled in
	commit({removed: [], added: [{rowid: 41, vector: Float32Array.of(41)}]}); // a new chunk
	t.is(await build.step(), 'more');
	commit({removed: [5, 41], added: [{rowid: 42, vector: Float32Array.of(42)}]});
	while (await build.step() === 'more') {
		// read on to the end
	}

	t.deepEqual(new Map([...built].sort(([a], [b]) => a - b)), expected());
	t.false(built.has(2) || built.has(30) || built.has(5) || built.has(41));
	t.true(built.has(4) && built.has(36) && built.has(42));
	t.is(build.taken, 4);
});

test('a stopped build reads nothing more', async t => {
	const {built, build} = harness(40);
	t.is(await build.step(), 'more');
	build.stop();
	t.is(await build.step(), 'stopped');
	t.is(built.size, 5, 'one step of five');
});

test('a change the new index failed to take is reported, not swapped in silently', async t => {
	const failing = new IndexBuild({read: () => [], async add() {
		throw new Error('thread gone');
	}, async remove() {
		throw new Error('thread gone');
	}}, 'flat');
	failing.takeIn({removed: [1], added: []});
	await new Promise(setImmediate); // the failed call settles
	await t.throwsAsync(failing.step(), {message: 'thread gone'});
	t.throws(() => {
		failing.check();
	}, {message: 'thread gone'});
});
