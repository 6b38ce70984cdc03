import type {IndexThread} from './index-thread.js';
import {vectorsPerAdd, type IndexShape} from './thread-protocol.js';

type Row = {readonly rowid: number; readonly vector: Float32Array};

/**
 * Sends vectors to the index under `key` in slices of vectorsPerAdd; answers the last reply, and the rowids
 * left out. The rows are read synchronously (a store iterator sees one state) and sent in order; the thread
 * adds each slice while the next is read. A vector the index would refuse (another length, a non-finite value)
 * is left out instead of failing the rest: its chunk stays searchable by keyword.
 */
export async function sendVectors(thread: IndexThread, key: string, dims: number, rows: Iterable<Row>): Promise<{shape: IndexShape; skipped: number[]}> {
	const sends: Array<Promise<IndexShape>> = [];
	const skipped: number[] = [];
	let batch: Row[] = [];
	for (const row of rows) {
		if (!fits(row.vector, dims)) {
			skipped.push(row.rowid);
			continue;
		}

		batch.push(row);
		if (batch.length === vectorsPerAdd) {
			sends.push(send(thread, key, dims, batch));
			batch = [];
		}
	}

	sends.push(send(thread, key, dims, batch)); // the last slice, even empty: its reply is the index's shape
	return {shape: (await Promise.all(sends)).at(-1)!, skipped};
}

async function send(thread: IndexThread, key: string, dims: number, rows: readonly Row[]): Promise<IndexShape> {
	const flat = new Float32Array(rows.length * dims);
	for (const [index, {vector}] of rows.entries()) {
		flat.set(vector, index * dims);
	}

	return thread.call('add', {key, rowids: rows.map(row => row.rowid), vectors: flat});
}

function fits(vector: Float32Array, dims: number): boolean {
	if (vector.length !== dims) {
		return false;
	}

	for (const value of vector) {
		if (!Number.isFinite(value)) {
			return false;
		}
	}

	return true;
}
