import faiss from 'faiss-node';
import type {IndexKind, Candidate} from '../../types.js';
import {createHnsw} from './hnsw-file.js';
import {vectorsPerAdd} from './thread-protocol.js';

/** Exact search (flat) for small collections; an HNSW graph above a size where flat gets slow. */
export type {IndexKind} from '../../types.js';

/** Marks a removed vector's position in an HNSW index (faiss-node aborts on HNSW removeIds). */
const removed = -1;

/**
 * The only place that touches faiss-node. Exact inner product (vectors are normalised, so this is cosine).
 * Every call that aborts or misbehaves in faiss-node 0.5 is made impossible here:
 * - search with k = 0, k > ntotal, or on an empty index: k is clamped, an empty index answers [];
 * - Float32Array input (TypeError) and huge adds (RangeError): converted and batched;
 * - labels shifting after removeIds on a flat index: positions map to store rowids in `rowids`, spliced in step;
 * - HNSW removeIds (aborts): a removed vector stays in the graph as a tombstone, skipped in results; the owner
 *   rebuilds the index when tombstones pile up;
 * - IDMap add, untrained IVF: never used.
 * Writing and reading files is in index-file.ts.
 */
export class VectorIndex {
	/** Store rowid of the vector at each faiss position (`removed` for an HNSW tombstone). */
	private rowids: number[] = [];
	/** Position of each live rowid, for HNSW removals (built on first use). */
	private positions: Map<number, number> | undefined;
	private removedCount = 0;
	private readonly index: faiss.Index;

	constructor(readonly dims: number, readonly kind: IndexKind = 'flat', native?: faiss.Index) {
		if (!Number.isInteger(dims) || dims <= 0) {
			throw new RangeError(`vector index: dimension must be a positive integer, got ${dims}`);
		}

		this.index = native ?? (kind === 'hnsw' ? createHnsw(dims) : new faiss.IndexFlatIP(dims));
	}

	/** Wraps an index read from disk, with the rowids it was written with. */
	static restore(index: faiss.Index, rowids: number[], kind: IndexKind): VectorIndex {
		if (index.ntotal() !== rowids.length) {
			throw new Error(`vector index: file holds ${index.ntotal()} vectors but ${rowids.length} ids`);
		}

		const restored = new VectorIndex(index.getDimension(), kind, index);
		restored.rowids = rowids;
		restored.removedCount = rowids.filter(rowid => rowid === removed).length;
		return restored;
	}

	/** Live vectors. */
	get size(): number {
		return this.rowids.length - this.removedCount;
	}

	/** Removed vectors still held by an HNSW graph. */
	get tombstones(): number {
		return this.removedCount;
	}

	/** Rowid per position, as written to the sidecar file (tombstones included). */
	get ids(): readonly number[] {
		return this.rowids;
	}

	get native(): faiss.Index {
		return this.index;
	}

	/** Adds vectors given back to back in one array, `rowids[i]` naming the i-th. */
	addFlat(rowids: readonly number[], flat: Float32Array): void {
		if (flat.length !== rowids.length * this.dims) {
			throw new RangeError(`vector index: ${rowids.length} ids but ${flat.length / this.dims} vectors of ${this.dims} dimensions`);
		}

		this.checkFinite(flat);
		// Small faiss-node add() calls: one of 400k x 384 values throws a RangeError, and each call's input is a
		// number[] (8 bytes a value), so small calls keep the thread's heap small.
		for (let start = 0; start < rowids.length; start += vectorsPerAdd) {
			const end = Math.min(start + vectorsPerAdd, rowids.length);
			this.index.add([...flat.subarray(start * this.dims, end * this.dims)]);
			for (let row = start; row < end; row++) {
				this.positions?.set(rowids[row]!, this.rowids.length);
				this.rowids.push(rowids[row]!);
			}
		}
	}

	remove(rowids: Iterable<number>): number {
		if (this.kind === 'hnsw') {
			return this.bury(rowids);
		}

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

	search(query: Float32Array, k: number): Candidate[] {
		this.check(query);
		const limit = Math.min(Math.floor(k), this.size);
		if (!(limit > 0)) {
			return [];
		}

		// Tombstones take places in the answer: ask for more in proportion, and again if that was not enough.
		const total = this.rowids.length;
		let fetch = Math.min(total, Math.ceil(limit * total / this.size) + (this.removedCount > 0 ? 8 : 0));
		for (;;) {
			const hits = this.searchNative(query, fetch).slice(0, limit);
			if (hits.length >= limit || fetch >= total) {
				return hits;
			}

			fetch = Math.min(total, fetch * 4);
		}
	}

	private searchNative(query: Float32Array, fetch: number): Candidate[] {
		const {distances, labels} = this.index.search([...query], fetch);
		const hits: Candidate[] = [];
		for (const [index, label] of labels.entries()) {
			const rowid = label >= 0 ? this.rowids[label] : undefined;
			if (rowid !== undefined && rowid !== removed) {
				hits.push({rowid, score: distances[index]!});
			}
		}

		return hits;
	}

	/** HNSW removal: the positions become tombstones. */
	private bury(rowids: Iterable<number>): number {
		this.positions ??= new Map(this.rowids.flatMap((rowid, position) => (rowid === removed ? [] : [[rowid, position] as const])));
		let count = 0;
		for (const rowid of rowids) {
			const position = this.positions.get(rowid);
			if (position !== undefined) {
				this.positions.delete(rowid);
				this.rowids[position] = removed;
				count++;
			}
		}

		this.removedCount += count;
		return count;
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
