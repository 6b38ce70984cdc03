import faiss from 'faiss-node';

/** Largest add() faiss-node takes in one call: one of 400k x 384 values throws a RangeError. */
const addBatch = 20_000;

export type Hit = {readonly rowid: number; readonly score: number};

/**
 * The only place that touches faiss-node. Exact inner product (vectors are normalised, so this is cosine).
 * Every call that aborts or misbehaves in faiss-node 0.5 is made impossible here:
 * - search with k = 0, k > ntotal, or on an empty index: k is clamped, an empty index answers [];
 * - Float32Array input (TypeError) and huge adds (RangeError): converted and batched;
 * - labels shifting after removeIds on a flat index: positions map to store rowids in `rowids`, spliced in step;
 * - IDMap add, HNSW removeIds, untrained IVF: never used.
 * Writing and reading files is in index-file.ts.
 */
export class VectorIndex {
	/** Store rowid of the vector at each faiss position. */
	private rowids: number[] = [];

	constructor(readonly dims: number, private index: faiss.IndexFlatIP = new faiss.IndexFlatIP(dims)) {
		if (!Number.isInteger(dims) || dims <= 0) {
			throw new RangeError(`vector index: dimension must be a positive integer, got ${dims}`);
		}
	}

	/** Wraps an index read from disk, with the rowids it was written with. */
	static restore(index: faiss.IndexFlatIP, rowids: number[]): VectorIndex {
		if (index.ntotal() !== rowids.length) {
			throw new Error(`vector index: file holds ${index.ntotal()} vectors but ${rowids.length} ids`);
		}

		const restored = new VectorIndex(index.getDimension(), index);
		restored.rowids = rowids;
		return restored;
	}

	get size(): number {
		return this.rowids.length;
	}

	get ids(): readonly number[] {
		return this.rowids;
	}

	get native(): faiss.IndexFlatIP {
		return this.index;
	}

	add(entries: ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>): void {
		const flat = new Float32Array(entries.length * this.dims);
		for (const [row, {vector}] of entries.entries()) {
			this.check(vector);
			flat.set(vector, row * this.dims);
		}

		this.addFlat(entries.map(entry => entry.rowid), flat);
	}

	/** Adds vectors given back to back in one array, `rowids[i]` naming the i-th. */
	addFlat(rowids: readonly number[], flat: Float32Array): void {
		if (flat.length !== rowids.length * this.dims) {
			throw new RangeError(`vector index: ${rowids.length} ids but ${flat.length / this.dims} vectors of ${this.dims} dimensions`);
		}

		this.checkFinite(flat);
		for (let start = 0; start < rowids.length; start += addBatch) {
			const end = Math.min(start + addBatch, rowids.length);
			this.index.add(Array.from(flat.subarray(start * this.dims, end * this.dims)));
			for (let row = start; row < end; row++) {
				this.rowids.push(rowids[row]!);
			}
		}
	}

	remove(rowids: Iterable<number>): number {
		const doomed = new Set(rowids);
		const positions: number[] = [];
		for (const [position, rowid] of this.rowids.entries()) {
			if (doomed.has(rowid)) {
				positions.push(position);
			}
		}

		if (positions.length === 0) {
			return 0;
		}

		const removed = this.index.removeIds(positions);
		if (removed !== positions.length) {
			throw new Error(`vector index: removed ${removed} of ${positions.length} vectors`);
		}

		// A flat index compacts: later positions shift down, exactly like this filter.
		this.rowids = this.rowids.filter(rowid => !doomed.has(rowid));
		return removed;
	}

	search(query: Float32Array, k: number): Hit[] {
		this.check(query);
		const limit = Math.min(Math.floor(k), this.size);
		if (!(limit > 0)) {
			return [];
		}

		const {distances, labels} = this.index.search(Array.from(query), limit);
		const hits: Hit[] = [];
		for (const [index, label] of labels.entries()) {
			if (label >= 0 && label < this.rowids.length) {
				hits.push({rowid: this.rowids[label]!, score: distances[index]!});
			}
		}

		return hits;
	}

	private check(vector: Float32Array): void {
		if (vector.length !== this.dims) {
			throw new RangeError(`vector index: expected ${this.dims} dimensions, got ${vector.length}`);
		}

		this.checkFinite(vector);
	}

	private checkFinite(values: Float32Array): void {
		for (const value of values) {
			if (!Number.isFinite(value)) {
				throw new RangeError('vector index: vector holds a non-finite value');
			}
		}
	}
}
