import type {Candidate} from '../../types.js';
import {int8Kernel, type DotI8} from './int8-kernel.js';
import {MinHeap} from './min-heap.js';

/** Bytes of one WebAssembly memory page. */
const page = 65_536;
/** Room for rows is doubled when full, starting at this many. */
const firstCapacity = 1024;
/** A WebAssembly memory holds at most 4 GiB: the int8 rows of a flat index stay well below (about 10M at 384 dimensions). */
const memoryMax = 3.5 * (2 ** 30);

/**
 * Exact inner-product search over a collection's vectors, in this thread's memory, without FAISS: one int8 copy of
 * each vector scanned with WebAssembly SIMD (int8-kernel.ts; a quarter of the float32 bytes, so a scan of 31k
 * vectors stays in the CPU's cache), whose approximate scores bound the true ones: |q·v − q̂·v̂| <= |q|·|v − v̂| +
 * |q − q̂|·|v̂|, each vector's rounding error kept with it. Every vector whose upper bound reaches the k-th best lower
 * bound is scored again exactly from its float32 values, so the answer is exact: the k best by inner product, ties
 * by rowid. Removal moves the last vector into the freed row. No call can abort the process: everything is checked
 * here, in JavaScript and WebAssembly's bounds.
 */
export class FlatIndex {
	get kind(): 'flat' {
		return 'flat';
	}

	/** An exact index holds no removed vectors. */
	get tombstones(): number {
		return 0;
	}

	/** Dimensions padded to the kernel's step of 32. */
	private readonly width: number;
	private count = 0;
	private capacity = 0;
	private rowidOf = new Float64Array(0);
	private readonly slotOf = new Map<number, number>();
	private vectors = new Float32Array(0);
	/** Per row: the int8 code's scale, its rounding error |v − v̂|, and |v̂|. */
	private scales = new Float32Array(0);
	private errors = new Float32Array(0);
	private norms = new Float32Array(0);
	private readonly memory = new WebAssembly.Memory({initial: 1});
	private readonly kernel: DotI8 | undefined;

	constructor(readonly dims: number) {
		if (!Number.isInteger(dims) || dims <= 0 || dims > 4096) {
			throw new RangeError(`vector index: dimension must be a whole number from 1 to 4096, got ${dims}`);
		}

		this.width = Math.ceil(dims / 32) * 32;
		this.kernel = int8Kernel(this.memory);
	}

	/** Live vectors. */
	get size(): number {
		return this.count;
	}

	/** Rowid of each row, in row order (as written to the index file). */
	get ids(): number[] {
		return [...this.rowidOf.subarray(0, this.count)];
	}

	/** The float32 values of every row, back to back (as written to the index file). */
	get values(): Float32Array {
		return this.vectors.subarray(0, this.count * this.dims);
	}

	/** Adds vectors given back to back in one array, `rowids[i]` naming the i-th; a rowid already held is replaced. */
	addFlat(rowids: readonly number[], flat: Float32Array): void {
		if (flat.length !== rowids.length * this.dims) {
			throw new RangeError(`vector index: ${rowids.length} ids but ${flat.length / this.dims} vectors of ${this.dims} dimensions`);
		}

		checkFinite(flat);
		this.remove(rowids.filter(rowid => this.slotOf.has(rowid)));
		this.reserve(this.count + rowids.length);
		for (const [index, rowid] of rowids.entries()) {
			this.put(this.count, rowid, flat.subarray(index * this.dims, (index + 1) * this.dims));
			this.count++;
		}
	}

	remove(rowids: Iterable<number>): number {
		let removed = 0;
		for (const rowid of rowids) {
			const slot = this.slotOf.get(rowid);
			if (slot === undefined) {
				continue;
			}

			this.slotOf.delete(rowid);
			const last = --this.count;
			if (slot !== last) {
				this.put(slot, this.rowidOf[last]!, this.vectors.slice(last * this.dims, (last + 1) * this.dims));
			}

			removed++;
		}

		return removed;
	}

	/** The `k` rows with the highest inner product with `query`, best first (ties: lower rowid first). */
	search(query: Float32Array, k: number): Candidate[] {
		if (query.length !== this.dims) {
			throw new RangeError(`vector index: expected ${this.dims} dimensions, got ${query.length}`);
		}

		checkFinite(query);
		const limit = Math.min(Math.floor(k), this.count);
		if (!(limit > 0)) {
			return [];
		}

		const {scale, error, norm} = this.encodeQuery(query);
		const approximate = this.scan();
		const {scales, errors, norms} = this;
		// Pass 1: the k-th best lower bound (a min-heap of the k best). Pass 2: every row whose upper bound reaches
		// it is scored exactly. The bound is recomputed rather than kept: cheaper than two arrays per search.
		const heap = new MinHeap(limit);
		for (let row = 0; row < this.count; row++) {
			const lower = (approximate[row]! * scales[row]! * scale) - ((norm * errors[row]!) + (error * norms[row]!) + 1e-6);
			if (lower > heap.floor) {
				heap.push(lower);
			}
		}

		const threshold = heap.floor;
		const candidates: Candidate[] = [];
		for (let row = 0; row < this.count; row++) {
			const upper = (approximate[row]! * scales[row]! * scale) + ((norm * errors[row]!) + (error * norms[row]!) + 1e-6);
			if (upper >= threshold) {
				candidates.push({rowid: this.rowidOf[row]!, score: this.exactScore(row, query)});
			}
		}

		return candidates.sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, limit);
	}

	private exactScore(row: number, query: Float32Array): number {
		let score = 0;
		const offset = row * this.dims;
		for (let index = 0; index < this.dims; index++) {
			score += this.vectors[offset + index]! * query[index]!;
		}

		return score;
	}

	/** Writes the query as int16 at the start of memory; answers its scale, |q − q̂| and |q|. */
	private encodeQuery(query: Float32Array): {scale: number; error: number; norm: number} {
		let largest = 0;
		let norm = 0;
		for (const value of query) {
			largest = Math.max(largest, Math.abs(value));
			norm += value * value;
		}

		const scale = largest > 0 ? largest / 32_767 : 1;
		const codes = new Int16Array(this.memory.buffer, 0, this.width);
		codes.fill(0);
		let error = 0;
		for (const [index, value] of query.entries()) {
			const code = Math.max(-32_767, Math.min(32_767, Math.round(value / scale)));
			codes[index] = code;
			error += (value - (code * scale)) ** 2;
		}

		return {scale, error: Math.sqrt(error) * (1 + 1e-6), norm: Math.sqrt(norm) * (1 + 1e-6)};
	}

	/** The int8 rows' dot products with the encoded query. */
	private scan(): Int32Array {
		const out = new Int32Array(this.memory.buffer, this.outOffset(), this.count);
		if (this.kernel) {
			this.kernel(0, this.codesOffset(), this.count, this.width, this.outOffset());
			return out;
		}

		const query = new Int16Array(this.memory.buffer, 0, this.width);
		const codes = new Int8Array(this.memory.buffer, this.codesOffset(), this.count * this.width);
		for (let row = 0; row < this.count; row++) {
			let sum = 0;
			for (let index = 0, offset = row * this.width; index < this.width; index++) {
				sum += codes[offset + index]! * query[index]!;
			}

			out[row] = sum;
		}

		return out;
	}

	/** Stores a vector in a row: its float32 values, its int8 code with scale, error and norm, its rowid. */
	private put(slot: number, rowid: number, vector: Float32Array): void {
		this.vectors.set(vector, slot * this.dims);
		this.rowidOf[slot] = rowid;
		this.slotOf.set(rowid, slot);
		let largest = 0;
		for (const value of vector) {
			largest = Math.max(largest, Math.abs(value));
		}

		const scale = Math.fround(largest > 0 ? largest / 127 : 1);
		const codes = new Int8Array(this.memory.buffer, this.codesOffset() + (slot * this.width), this.width);
		codes.fill(0);
		let error = 0;
		let norm = 0;
		for (const [index, value] of vector.entries()) {
			const code = Math.max(-127, Math.min(127, Math.round(value / scale)));
			codes[index] = code;
			error += (value - (code * scale)) ** 2;
			norm += (code * scale) ** 2;
		}

		this.scales[slot] = scale;
		// Stored as float32: rounded up a hair so the bounds stay bounds.
		this.errors[slot] = Math.sqrt(error) * (1 + 1e-6);
		this.norms[slot] = Math.sqrt(norm) * (1 + 1e-6);
	}

	/** Makes room for `rows` rows (in the arrays and in WebAssembly memory). */
	private reserve(rows: number): void {
		if (rows <= this.capacity) {
			return;
		}

		const capacity = Math.max(firstCapacity, this.capacity * 2, rows);
		const bytes = this.codesOffset() + (capacity * this.width) + (capacity * 4);
		if (bytes > memoryMax) {
			throw new RangeError(`vector index: ${rows.toLocaleString('en-US')} vectors of ${this.dims} dimensions are more than one exact index holds; lower MD_VECTOR_HNSW_THRESHOLD so the collection gets an HNSW index`);
		}

		const pages = Math.ceil(bytes / page) - (this.memory.buffer.byteLength / page);
		if (pages > 0) {
			this.memory.grow(pages);
		}

		const grow = <T extends Float32Array | Float64Array>(old: T, size: number, make: (length: number) => T): T => {
			const next = make(size);
			next.set(old);
			return next;
		};

		this.vectors = grow(this.vectors, capacity * this.dims, length => new Float32Array(length));
		this.rowidOf = grow(this.rowidOf, capacity, length => new Float64Array(length));
		this.scales = grow(this.scales, capacity, length => new Float32Array(length));
		this.errors = grow(this.errors, capacity, length => new Float32Array(length));
		this.norms = grow(this.norms, capacity, length => new Float32Array(length));
		this.capacity = capacity;
	}

	/** Where the int8 rows start: after the query (int16), 64-byte aligned. */
	private codesOffset(): number {
		return Math.ceil((this.width * 2) / 64) * 64;
	}

	/** Where a scan writes its int32 scores: after the rows room is made for. */
	private outOffset(): number {
		return this.codesOffset() + (this.capacity * this.width);
	}
}

function checkFinite(values: Float32Array): void {
	for (const value of values) {
		if (!Number.isFinite(value)) {
			throw new RangeError('vector index: vector holds a non-finite value');
		}
	}
}
