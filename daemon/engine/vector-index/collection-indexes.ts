import path from 'node:path';
import type {Store} from '../store/store.js';
import type {CollectionRow, VectorChange} from '../store/types.js';
import {acquireIndexThread} from './index-thread.js';
import type {IndexReply} from './thread-protocol.js';
import type {IndexKind} from './vector-index.js';

export type Hit = {readonly rowid: number; readonly score: number};

let engines = 0;

type Entry = {ready: Promise<void>; size: number; kind: IndexKind; tombstones: number; generation: number; dirty: boolean};

/**
 * Vectors sent to the index thread per message while rebuilding from the store: searches queue behind one
 * message at most (HNSW adds ~0.4 ms per vector here, so about a second).
 */
const rebuildBatch = 2000;

/**
 * Above this many vectors a collection's index is an HNSW graph instead of exact search: flat search on
 * Debian's generic-SIMD libfaiss takes ~0.27 ms per 1,000 vectors (13 ms at 50k, 27 ms at 100k), HNSW ~1-2 ms
 * at recall@10 >= 0.99 (bench/RESULTS.md). MD_VECTOR_HNSW_THRESHOLD overrides it (tests use a small one).
 */
export const defaultHnswThreshold = 50_000;

/** Share of an HNSW graph that may be tombstones before it is rebuilt without them. */
const maxTombstoneShare = 0.1;

/**
 * One vector index per collection, kept in step with the store and held by the index thread: loaded from its
 * file when that file matches the store's generation, rebuilt from the stored vectors otherwise (missing,
 * corrupt, stale after a crash). Files are written after changes settle (persistDelayMs) and on close.
 */
export class CollectionIndexes {
	private readonly lease = acquireIndexThread();
	private readonly thread = this.lease.thread;
	/** Keeps this store's indexes apart from other engines' on the shared thread. */
	private readonly prefix = `${++engines}:`;
	private readonly entries = new Map<number, Entry>();
	private timer: NodeJS.Timeout | undefined;

	constructor(
		private readonly store: Store,
		private readonly directory: string,
		private readonly persistDelayMs = 2000,
		private readonly hnswThreshold = defaultHnswThreshold,
	) {}

	/** Starts loading the collection's index (once); resolves when it is usable. */
	async open(collection: CollectionRow): Promise<void> {
		await this.entry(collection)?.ready;
	}

	async search(collection: CollectionRow, query: Float32Array, k: number): Promise<Hit[]> {
		const entry = this.entry(collection);
		if (!entry) {
			return [];
		}

		await entry.ready;
		const reply = await this.thread.call({op: 'search', key: this.key(collection.id), query, k});
		return reply.rowids!.map((rowid, index) => ({rowid, score: reply.scores![index]!}));
	}

	/** Vectors in the collection's index (0 before it has any). */
	async size(collection: CollectionRow): Promise<number> {
		const entry = this.entry(collection);
		await entry?.ready;
		return entry?.size ?? 0;
	}

	/** Applies a committed store change to the index. */
	async apply(collection: CollectionRow, change: VectorChange): Promise<void> {
		const current = this.store.collection(collection.name)!;
		const cached = this.entries.get(current.id);
		if (!cached) {
			await this.open(current); // loads or rebuilds from the store, which already holds the change
			return;
		}

		await cached.ready;
		if (cached.generation >= current.vectorGeneration) {
			return; // a rebuild that read the store after this change already holds it
		}

		if (change.removed.length > 0) {
			note(cached, await this.thread.call({op: 'remove', key: this.key(current.id), rowids: [...change.removed]}));
		}

		if (change.added.length > 0) {
			note(cached, await this.sendAll(current, change.added));
		}

		const kind = this.kindFor(cached.size);
		if (kind !== cached.kind || cached.tombstones > maxTombstoneShare * (cached.size + cached.tombstones)) {
			await this.rebuild(current, cached, kind);
		}

		cached.generation = current.vectorGeneration;
		cached.dirty = true;
		this.schedulePersist();
	}

	/** Writes every changed index to disk now. */
	async persist(): Promise<void> {
		clearTimeout(this.timer);
		this.timer = undefined;
		const writes: Array<Promise<unknown>> = [];
		for (const [id, entry] of this.entries) {
			if (entry.dirty) {
				entry.dirty = false;
				writes.push(this.thread.call({op: 'write', key: this.key(id), file: this.fileOf(id), generation: entry.generation}).catch((error: unknown) => {
					entry.dirty = true; // tried again later; until then the store rebuilds it at start
					throw error;
				}));
			}
		}

		await Promise.all(writes);
	}

	async close(): Promise<void> {
		await Promise.allSettled([...this.entries.values()].map(async entry => entry.ready));
		await this.persist();
		await Promise.all([...this.entries.keys()].map(async id => this.thread.call({op: 'drop', key: this.key(id)})));
		this.entries.clear();
		await this.lease.release();
	}

	private entry(collection: CollectionRow): Entry | undefined {
		const cached = this.entries.get(collection.id);
		if (cached) {
			return cached;
		}

		const current = this.store.collection(collection.name);
		if (!current?.dims) {
			return undefined;
		}

		const entry: Entry = {ready: Promise.resolve(), size: 0, kind: 'flat', tombstones: 0, generation: current.vectorGeneration, dirty: false};
		entry.ready = this.load(current, entry);
		this.entries.set(current.id, entry);
		return entry;
	}

	private async load(collection: CollectionRow, entry: Entry): Promise<void> {
		const loaded = await this.thread.call({op: 'load', key: this.key(collection.id), file: this.fileOf(collection.id), dims: collection.dims!, generation: collection.vectorGeneration});
		note(entry, loaded);
		if (loaded.loaded) {
			return;
		}

		entry.generation = this.store.collection(collection.name)?.vectorGeneration ?? collection.vectorGeneration;
		const kind = this.kindFor(this.store.vectorCount(collection.id));
		if (kind !== entry.kind) {
			note(entry, await this.thread.call({op: 'create', key: this.key(collection.id), dims: collection.dims!, kind}));
		}

		note(entry, await this.sendAll(collection, this.store.vectors(collection.id)));
		entry.dirty = true;
		this.schedulePersist();
	}

	/**
	 * Builds the collection's index again from the store beside the live one, which keeps answering searches
	 * until the new one takes its place. Runs inside a write (the store does not change meanwhile).
	 */
	private async rebuild(collection: CollectionRow, entry: Entry, kind: IndexKind): Promise<void> {
		const next = `${this.key(collection.id)}:next`;
		await this.thread.call({op: 'create', key: next, dims: collection.dims!, kind});
		await this.sendAll(collection, this.store.vectors(collection.id), next);
		note(entry, await this.thread.call({op: 'swap', key: this.key(collection.id), from: next}));
	}

	/**
	 * Sends vectors to the index under `key` in rebuildBatch slices (each becomes a number[] for faiss-node on the
	 * index thread, 8 bytes a value: a 10k-chunk import in one message left that thread's heap ~100 MB larger);
	 * answers the last reply. The slices are read synchronously (a store iterator sees one state) and sent in
	 * order; the thread adds them while the next is read.
	 */
	private async sendAll(collection: CollectionRow, vectors: Iterable<{rowid: number; vector: Float32Array}>, key = this.key(collection.id)): Promise<IndexReply> {
		const sends: Array<Promise<IndexReply>> = [];
		let batch: Array<{rowid: number; vector: Float32Array}> = [];
		for (const vector of vectors) {
			batch.push(vector);
			if (batch.length === rebuildBatch) {
				sends.push(this.send(collection, batch, key));
				batch = [];
			}
		}

		sends.push(this.send(collection, batch, key));
		return (await Promise.all(sends)).at(-1)!;
	}

	private kindFor(vectors: number): IndexKind {
		return vectors > this.hnswThreshold ? 'hnsw' : 'flat';
	}

	private async send(collection: CollectionRow, vectors: ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>, key = this.key(collection.id)): Promise<IndexReply> {
		const dims = collection.dims!;
		const flat = new Float32Array(vectors.length * dims);
		for (const [row, {vector}] of vectors.entries()) {
			if (vector.length !== dims) {
				throw new RangeError(`vector index: expected ${dims} dimensions, got ${vector.length}`);
			}

			flat.set(vector, row * dims);
		}

		return this.thread.call({op: 'add', key, rowids: vectors.map(vector => vector.rowid), vectors: flat});
	}

	private schedulePersist(): void {
		if (!this.timer) {
			this.timer = setTimeout(() => {
				this.timer = undefined;
				void this.persist().catch(() => undefined);
			}, this.persistDelayMs);
			this.timer.unref();
		}
	}

	private key(id: number): string {
		return `${this.prefix}${id}`;
	}

	private fileOf(id: number): string {
		return path.join(this.directory, `collection-${id}`);
	}
}

function note(entry: Entry, reply: IndexReply): void {
	entry.size = reply.size;
	entry.kind = reply.kind ?? entry.kind;
	entry.tombstones = reply.tombstones ?? 0;
}
