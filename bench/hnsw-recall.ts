// The approximate index against exact search on the same synthetic vectors the latency benchmark imports:
// recall@10 and the time of one search, in this process (the daemon's own index is not reachable from here).
import {performance} from 'node:perf_hooks';
import {VectorIndex} from '../daemon/engine/storage/embedded/vector-index/vector-index.js';
import {addRows} from '../test/helpers/vector-rows.js';
import {percentile} from './machine.js';
import {clusteredVectors} from './synthetic-vectors.js';

export {hnswParameters} from '../daemon/engine/storage/embedded/vector-index/hnsw-file.js';

export type Recall = {recall: number; flatP50: number; hnswP50: number; buildSeconds: number};

export function hnswRecall(dims: number, size: number, queries = 200): Recall {
	const vectors = clusteredVectors(dims);
	const entries = Array.from({length: size}, (_, rowid) => ({rowid, vector: vectors.next()}));
	const exact = new VectorIndex(dims);
	addRows(exact, entries);
	const approximate = new VectorIndex(dims, 'hnsw');
	const started = performance.now();
	addRows(approximate, entries);
	const buildSeconds = (performance.now() - started) / 1000;
	const timings = {flat: [] as number[], hnsw: [] as number[]};
	let found = 0;
	for (let count = 0; count < queries; count++) {
		const query = vectors.next(); // same topics, not in the index
		let time = performance.now();
		const truth = new Set(exact.search(query, 10).map(hit => hit.rowid));
		timings.flat.push(performance.now() - time);
		time = performance.now();
		found += approximate.search(query, 10).filter(hit => truth.has(hit.rowid)).length;
		timings.hnsw.push(performance.now() - time);
	}

	return {recall: found / (queries * 10), flatP50: percentile(timings.flat, 50), hnswP50: percentile(timings.hnsw, 50), buildSeconds};
}
