// node dist/bench/reliability/index-write-cost.js [vectors]: what writing an index file through a pipe (issue 16,
// item 3: a failed write is an error instead of an abort) costs against FAISS writing the file itself, side by
// side in one run, and what the CRC-32 check costs when the file is read.
import {closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {VectorIndex} from '../../daemon/engine/storage/embedded/vector-index/vector-index.js';
import {readIndex, writeIndex} from '../../daemon/engine/storage/embedded/vector-index/index-file.js';
import {machine, percentile} from '../machine.js';
import {temporaryHome} from './daemon-process.js';

const count = Number(process.argv[2] ?? 100_000);
const dims = 384;
const index = new VectorIndex(dims);
for (let start = 0; start < count; start += 10_000) {
	const rows = Array.from({length: Math.min(10_000, count - start)}, (_, offset) => {
		const vector = Float32Array.from({length: dims}, () => Math.random() - 0.5);
		const norm = Math.hypot(...vector);
		return {rowid: start + offset + 1, vector: vector.map(value => value / norm)};
	});
	const flat = new Float32Array(rows.length * dims);
	for (const [position, row] of rows.entries()) {
		flat.set(row.vector, position * dims);
	}

	index.addFlat(rows.map(row => row.rowid), flat);
}

const folder = temporaryHome('md-vector-write-cost-');
const time = (work: () => void) => {
	const started = performance.now();
	work();
	return performance.now() - started;
};

/** The write before issue 16 (FAISS writes the temporary file itself), with the same fsyncs, sidecar and renames. */
function writeDirect(file: string): void {
	const temporary = `${file}.tmp`;
	index.native.write(temporary);
	const fd = openSync(temporary, 'r');
	fsyncSync(fd);
	closeSync(fd);
	writeFileSync(`${temporary}.json`, JSON.stringify({dims, generation: 1, kind: 'flat', rowids: [...index.ids]}));
	const sidecar = openSync(`${temporary}.json`, 'r');
	fsyncSync(sidecar);
	closeSync(sidecar);
	renameSync(temporary, `${file}.faiss`);
	renameSync(`${temporary}.json`, `${file}.json`);
}

const direct: number[] = [];
const piped: number[] = [];
const read: number[] = [];
for (let round = 0; round < 5; round++) {
	direct.push(time(() => {
		writeDirect(path.join(folder, 'direct'));
	}));
	piped.push(time(() => {
		writeIndex(path.join(folder, 'piped'), index, round);
	}));
	read.push(time(() => {
		readIndex(path.join(folder, 'piped'), dims, round);
	}));
}

rmSync(folder, {recursive: true, force: true});
const line = (name: string, values: number[]) => `${name}: median ${percentile(values, 50).toFixed(0)} ms (${values.map(value => value.toFixed(0)).join(', ')})`;
console.log(`machine: ${machine()}`);
console.log(`flat index of ${count.toLocaleString('en-US')} x ${dims} (${(count * dims * 4 / 1024 / 1024).toFixed(0)} MB), 5 rounds each, same run:`);
console.log(line('before: FAISS writes the file (+ fsync, sidecar, renames)', direct));
console.log(line('now: FAISS writes into a pipe, a worker copies it (+ CRC-32, fsync, sidecar, renames)', piped));
console.log(line('readIndex (CRC-32 check, then FAISS read)', read));
