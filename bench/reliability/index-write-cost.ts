// node dist/bench/reliability/index-write-cost.js [flat vectors] [hnsw vectors]: what writing an index file
// costs the index thread. The write takes the index in its call (a copy of a flat index's rows; FAISS serializing
// a graph into a pipe whose reader holds it in memory) and writes, syncs and renames the file asynchronously
// (issue 37); before, the thread was held for the whole write. Prints, per kind: the call (the synchronous
// part), the whole write, and the longest stretch the thread's event loop could not run (what a search sent
// meanwhile waits at most), 5 rounds each; then what the CRC-32 check costs when the file is read.
import {rmSync} from 'node:fs';
import path from 'node:path';
import {FlatIndex} from '../../daemon/engine/storage/embedded/vector-index/flat-index.js';
import {VectorIndex} from '../../daemon/engine/storage/embedded/vector-index/vector-index.js';
import {readIndex, writeIndex, type LiveIndex} from '../../daemon/engine/storage/embedded/vector-index/index-file.js';
import {machine, percentile} from '../machine.js';
import {temporaryHome} from './daemon-process.js';

const flatCount = Number(process.argv[2] ?? 50_000);
const hnswCount = Number(process.argv[3] ?? 30_000);
const dims = 384;

function filled(index: LiveIndex, count: number): LiveIndex {
	for (let start = 0; start < count; start += 2000) {
		const rows = Math.min(2000, count - start);
		const values = new Float32Array(rows * dims);
		for (let row = 0; row < rows; row++) {
			const vector = values.subarray(row * dims, (row + 1) * dims);
			for (let at = 0; at < dims; at++) {
				vector[at] = Math.random() - 0.5;
			}

			const norm = Math.hypot(...vector);
			for (let at = 0; at < dims; at++) {
				vector[at]! /= norm;
			}
		}

		index.addFlat(Array.from({length: rows}, (_, offset) => start + offset + 1), values);
	}

	return index;
}

/** The longest gap between turns of this thread's event loop while `work` runs (a 1 ms timer's late runs). */
async function measured(work: () => Promise<void>): Promise<{call: number; whole: number; longest: number}> {
	let last = performance.now();
	let longest = 0;
	const timer = setInterval(() => {
		const now = performance.now();
		longest = Math.max(longest, now - last);
		last = now;
	}, 1);
	await new Promise(resolve => setTimeout(resolve, 5));
	const started = performance.now();
	last = started;
	const done = work();
	const call = performance.now() - started;
	await done;
	const whole = performance.now() - started;
	longest = Math.max(longest, performance.now() - last);
	clearInterval(timer);
	return {call, whole, longest};
}

const folder = temporaryHome('md-vector-write-cost-');
const line = (name: string, values: number[]) => `  ${name}: median ${percentile(values, 50).toFixed(0)} ms (${values.map(value => value.toFixed(0)).join(', ')})`;
console.log(`machine: ${machine()}`);
for (const [kind, count] of [['flat', flatCount], ['hnsw', hnswCount]] as const) {
	const index = filled(kind === 'flat' ? new FlatIndex(dims) : new VectorIndex(dims, 'hnsw'), count);
	const rounds = Array.from({length: 5}, () => ({call: 0, whole: 0, longest: 0}));
	const read: number[] = [];
	for (const [round, figures] of rounds.entries()) {
		Object.assign(figures, await measured(async () => writeIndex(path.join(folder, kind), index, round)));
		const started = performance.now();
		readIndex(path.join(folder, kind), dims, round);
		read.push(performance.now() - started);
	}

	console.log(`${kind} index of ${count.toLocaleString('en-US')} x ${dims}, 5 rounds:`);
	console.log(line('the write call (the thread held, synchronously)', rounds.map(round => round.call)));
	console.log(line('longest stretch the thread could not answer', rounds.map(round => round.longest)));
	console.log(line('the whole write (file synced and renamed)', rounds.map(round => round.whole)));
	console.log(line('readIndex (CRC-32 check, then the read)', read));
}

rmSync(folder, {recursive: true, force: true});
