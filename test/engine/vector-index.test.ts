import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {VectorIndex} from '../../daemon/engine/storage/embedded/vector-index/vector-index.js';
import {FlatIndex} from '../../daemon/engine/storage/embedded/vector-index/flat-index.js';
import {readIndex, writeIndex} from '../../daemon/engine/storage/embedded/vector-index/index-file.js';
import {hnswParameters, hnswSearchParameters} from '../../daemon/engine/storage/embedded/vector-index/hnsw-file.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {seeded} from '../helpers/seeded.js';
import {addRows} from '../helpers/vector-rows.js';

const unit = (dims: number, axis: number) => Float32Array.from({length: dims}, (_, index) => (index === axis ? 1 : 0));

/** The exact index (flat-index.ts) the index thread uses below the HNSW threshold. */
function filled(count: number, dims = 8): FlatIndex {
	const index = new FlatIndex(dims);
	addRows(index, Array.from({length: count}, (_, rowid) => ({rowid: 100 + rowid, vector: unit(dims, rowid % dims)})));
	return index;
}

test('searching an empty index answers nothing instead of aborting', t => {
	t.deepEqual(new FlatIndex(8).search(unit(8, 0), 10), []);
	t.deepEqual(new VectorIndex(8, 'hnsw').search(unit(8, 0), 10), []);
});

test('the exact index answers the brute-force top k, ties by rowid, through adds, replacements and removals', t => {
	const next = seeded(5);
	const dims = 384;
	const rows = new Map<number, Float32Array>();
	const index = new FlatIndex(dims);
	const vectors = clustered(3000, dims);
	addRows(index, vectors.map((vector, at) => ({rowid: at + 1, vector})));
	for (const [at, vector] of vectors.entries()) {
		rows.set(at + 1, vector);
	}

	// Exact duplicates tie: the lower rowid comes first.
	addRows(index, [{rowid: 5000, vector: vectors[7]!}, {rowid: 4000, vector: vectors[7]!}]);
	rows.set(5000, vectors[7]!).set(4000, vectors[7]!);
	const doomed = [...rows.keys()].filter(() => next() < 0.2);
	t.is(index.remove(doomed), doomed.length);
	for (const rowid of doomed) {
		rows.delete(rowid);
	}

	addRows(index, [{rowid: 10, vector: vectors[99]!}]); // a rowid held again: replaced
	rows.set(10, vectors[99]!);
	t.is(index.size, rows.size);
	for (const query of [...clustered(30, dims), vectors[7]!]) {
		const expected = [...rows].map(([rowid, vector]) => ({rowid, score: vector.reduce((sum, value, at) => sum + (value * query[at]!), 0)}))
			.sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, 25);
		const found = index.search(query, 25);
		t.deepEqual(found.map(hit => hit.rowid), expected.map(hit => hit.rowid));
		t.true(found.every((hit, at) => Math.abs(hit.score - expected[at]!.score) < 1e-6));
	}
});

test('k = 0, negative and fractional k are harmless', t => {
	const index = filled(3);
	t.deepEqual(index.search(unit(8, 0), 0), []);
	t.deepEqual(index.search(unit(8, 0), -5), []);
	t.deepEqual(index.search(unit(8, 0), Number.NaN), []);
	t.is(index.search(unit(8, 0), 1.7).length, 1);
});

test('k larger than the index is clamped', t => {
	const hits = filled(3).search(unit(8, 1), 50);
	t.is(hits.length, 3);
	t.deepEqual(hits[0], {rowid: 101, score: 1});
});

test('ids stay in step with the store after removals (flat indexes shift labels)', t => {
	const index = filled(8);
	t.is(index.remove([101, 103]), 2);
	t.is(index.size, 6);
	for (const axis of [0, 2, 4, 5, 6, 7]) {
		t.is(index.search(unit(8, axis), 1)[0]!.rowid, 100 + axis, `axis ${axis}`);
	}

	t.not(index.search(unit(8, 1), 1)[0]!.rowid, 101);
	t.is(index.remove([999]), 0, 'removing an unknown id does nothing');
	addRows(index, [{rowid: 200, vector: unit(8, 1)}]);
	t.is(index.search(unit(8, 1), 1)[0]!.rowid, 200);
});

test('wrong dimensions and non-finite values are refused with an error', t => {
	const index = filled(2);
	t.throws(() => index.search(unit(4, 0), 1), {instanceOf: RangeError});
	t.throws(() => {
		addRows(index, [{rowid: 1, vector: unit(4, 0)}]);
	}, {instanceOf: RangeError});
	t.throws(() => {
		addRows(index, [{rowid: 1, vector: Float32Array.from({length: 8}, () => Number.NaN)}]);
	}, {instanceOf: RangeError});
	t.throws(() => new VectorIndex(0), {instanceOf: RangeError});
	t.throws(() => new FlatIndex(0), {instanceOf: RangeError});
	t.is(index.size, 2, 'a refused add adds nothing');
});

test('a large add is batched (one faiss add of 400k x 384 throws)', t => {
	const index = new VectorIndex(4);
	addRows(index, Array.from({length: 45_000}, (_, rowid) => ({rowid, vector: unit(4, rowid % 4)})));
	t.is(index.size, 45_000);
	t.is(index.native.ntotal(), 45_000);
});

test('writing to a path that cannot be opened throws instead of aborting', async t => {
	const directory = temporaryDirectory();
	writeFileSync(path.join(directory, 'file'), '');
	await t.throwsAsync(writeIndex(path.join(directory, 'file', 'index'), filled(2), 1));
});

test('an index file round-trips; a stale, corrupt or missing one is rejected', async t => {
	const directory = temporaryDirectory();
	const file = path.join(directory, 'collection-1');
	const index = filled(5);
	index.remove([102]);
	await writeIndex(file, index, 7);
	const restored = readIndex(file, 8, 7)!;
	t.deepEqual([...restored.ids], [...index.ids]);
	t.is(restored.search(unit(8, 3), 1)[0]!.rowid, 103);
	t.is(readIndex(file, 8, 8), undefined, 'stale generation');
	t.is(readIndex(file, 16, 7), undefined, 'other dimension');
	t.is(readIndex(path.join(directory, 'missing'), 8, 7), undefined, 'missing');
	writeFileSync(`${file}.faiss`, 'not an index');
	t.is(readIndex(file, 8, 7), undefined, 'corrupt');
	mkdirSync(path.join(directory, 'sub'));
	writeFileSync(path.join(directory, 'sub', 'x.json'), '{');
	t.is(readIndex(path.join(directory, 'sub', 'x'), 8, 7), undefined, 'corrupt sidecar');
});

/** Deterministic clustered unit vectors (a Gaussian mixture, like real embeddings' neighbourhoods). */
function clustered(count: number, dims: number): Float32Array[] {
	const random = seeded(7);

	const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
	const normalised = (values: number[]) => {
		const norm = Math.hypot(...values);
		return Float32Array.from(values, value => value / norm);
	};

	const centres = Array.from({length: 40}, () => Array.from({length: dims}, gaussian));
	return Array.from({length: count}, () => normalised(centres[Math.floor(random() * centres.length)]!.map(value => value + (gaussian() * 0.3))));
}

test('an HNSW index finds what exact search finds (recall@10 >= 0.95) with its search parameters set', async t => {
	const dims = 32;
	const all = clustered(4100, dims);
	const vectors = all.slice(0, 4000);
	const queries = all.slice(4000); // from the same clusters, as questions about the indexed notes are
	const exact = new VectorIndex(dims);
	const hnsw = new VectorIndex(dims, 'hnsw');
	for (const index of [exact, hnsw]) {
		addRows(index, vectors.map((vector, rowid) => ({rowid: rowid + 1, vector})));
	}

	let found = 0;
	for (const query of queries) {
		const truth = new Set(exact.search(query, 10).map(hit => hit.rowid));
		found += hnsw.search(query, 10).filter(hit => truth.has(hit.rowid)).length;
	}

	t.true(found / (queries.length * 10) >= 0.95, `recall@10 ${found / (queries.length * 10)}`);
	const directory = temporaryDirectory();
	await writeIndex(path.join(directory, 'h'), hnsw, 1);
	t.deepEqual(hnswSearchParameters(path.join(directory, 'h.faiss')), {efConstruction: hnswParameters.efConstruction, efSearch: hnswParameters.efSearch});
	t.deepEqual(readIndex(path.join(directory, 'h'), dims, 1)!.search(queries[0]!, 10), hnsw.search(queries[0]!, 10), 'read back, it answers the same');
});

test('HNSW removals are tombstones: never returned, not counted, kept through a file, k still filled', async t => {
	const dims = 8;
	const index = new VectorIndex(dims, 'hnsw');
	addRows(index, Array.from({length: 64}, (_, rowid) => ({rowid: 100 + rowid, vector: unit(dims, rowid % dims)})));
	const onAxisZero = Array.from({length: 8}, (_, n) => 100 + (n * dims));
	t.is(index.remove(onAxisZero.slice(0, 6)), 6);
	t.is(index.remove([100, 5000]), 0, 'removing twice or an unknown id does nothing');
	t.is(index.size, 58);
	t.is(index.tombstones, 6);
	const hits = index.search(unit(dims, 0), 3);
	t.is(hits.length, 3, 'k is filled past the tombstones');
	t.deepEqual(hits.slice(0, 2).map(hit => hit.rowid).sort((a, b) => a - b), onAxisZero.slice(6));
	const directory = temporaryDirectory();
	await writeIndex(path.join(directory, 'h'), index, 3);
	const restored = readIndex(path.join(directory, 'h'), dims, 3)!;
	t.like(restored, {kind: 'hnsw', size: 58, tombstones: 6});
	t.deepEqual(restored.search(unit(dims, 0), 2).map(hit => hit.rowid).sort((a, b) => a - b), onAxisZero.slice(6));
	addRows(index, [{rowid: 900, vector: unit(dims, 0)}]);
	t.true(index.search(unit(dims, 0), 3).some(hit => hit.rowid === 900));
	t.is(index.remove([900]), 1, 'a vector added after the first removal is found for removal too');
});
