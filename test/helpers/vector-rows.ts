import type {LiveIndex} from '../../daemon/engine/storage/embedded/vector-index/index-file.js';

/** Adds rows to an index the way the index thread does: their vectors back to back in one array. */
export function addRows(index: LiveIndex, rows: ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>): void {
	const flat = new Float32Array(rows.reduce((sum, row) => sum + row.vector.length, 0));
	let offset = 0;
	for (const {vector} of rows) {
		flat.set(vector, offset);
		offset += vector.length;
	}

	index.addFlat(rows.map(row => row.rowid), flat);
}
