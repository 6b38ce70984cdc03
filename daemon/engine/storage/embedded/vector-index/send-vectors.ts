import {vectorProblem} from '../../vector-rules.js';
import type {IndexThread} from './index-thread.js';
import {vectorsPerAdd, type IndexShape} from './thread-protocol.js';

type Row = {readonly rowid: number; readonly vector: Float32Array};

/**
 * Sends vectors to the index under `key` in slices of vectorsPerAdd; answers the last reply, the rowids
 * left out and the first one's problem. The rows are read synchronously (a store iterator sees one state) and sent in order; the thread
 * adds each slice while the next is read. An unusable vector (vector-rules.ts: another length, a non-finite
 * value, zero, not unit length; let in by an older version) is left out instead of failing the rest: its chunk
 * stays searchable by keyword.
 */
export async function sendVectors(thread: IndexThread, key: string, dims: number, rows: Iterable<Row>): Promise<{shape: IndexShape; skipped: number[]; problem?: string}> {
	const sends: Array<Promise<IndexShape>> = [];
	const skipped: number[] = [];
	let problem: string | undefined;
	let batch: Row[] = [];
	for (const row of rows) {
		const rowProblem = vectorProblem(row.vector, dims);
		if (rowProblem !== undefined) {
			skipped.push(row.rowid);
			problem ??= rowProblem;
			continue;
		}

		batch.push(row);
		if (batch.length === vectorsPerAdd) {
			sends.push(send(thread, key, dims, batch));
			batch = [];
		}
	}

	sends.push(send(thread, key, dims, batch)); // the last slice, even empty: its reply is the index's shape
	return {shape: (await Promise.all(sends)).at(-1)!, skipped, problem};
}

async function send(thread: IndexThread, key: string, dims: number, rows: readonly Row[]): Promise<IndexShape> {
	const flat = new Float32Array(rows.length * dims);
	for (const [index, {vector}] of rows.entries()) {
		flat.set(vector, index * dims);
	}

	return thread.call('add', {key, rowids: rows.map(row => row.rowid), vectors: flat});
}
