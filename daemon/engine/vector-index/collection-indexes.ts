import path from 'node:path';
import type {Store} from '../store/store.js';
import type {CollectionRow, VectorChange} from '../store/types.js';
import {SerialQueue} from '../serial-queue.js';
import {BackgroundProblems} from '../background-problems.js';
import {acquireIndexThread} from './index-thread.js';
import type {IndexReply} from './thread-protocol.js';
import type {IndexKind} from './vector-index.js';
import {buildSlice, IndexBuild} from './index-build.js';
import {SkippedVectors} from './skipped-vectors.js';
import {usableRows} from './vector-rules.js';
import {removeIndexTemporaries} from './index-temporaries.js';

export type Hit = {readonly rowid: number; readonly score: number};

let engines = 0;

type Entry = {
	readonly name: string;
	ready: Promise<void>;
	size: number;
	kind: IndexKind;
	tombstones: number;
	generation: number;
	dirty: boolean;
	/** The collection's index work, one step at a time: a change and a build step never interleave. */
	readonly steps: SerialQueue;
	/** A build running beside the live index, and its end. */
	build?: IndexBuild;
	building?: Promise<void>;
};

export type IndexOptions = {
	/** How long work that can wait (index files, builds) waits for writes to settle. */
	readonly settleDelayMs?: number;
	/** Vectors above which a collection's index is an HNSW graph. */
	readonly hnswThreshold?: number;
	/** Vectors read and added per build step (tests make it small so that writes land between steps). */
	readonly buildSlice?: number;
	/** Where builds are reported. */
	readonly log?: (line: string) => void;
	/** Where failures of background work (index files) and unusable stored vectors are reported. */
	readonly problems?: BackgroundProblems;
	/** How long after a failed index file write it is tried again. */
	readonly retryDelayMs?: number;
};

/** Vectors sent to the index thread per message when a change or a load adds many. */
const addBatch = 2000;

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
 * file when that file matches the store's generation, rebuilt (flat, fast) from the stored vectors otherwise
 * (missing, corrupt, stale after a crash).
 *
 * Work that can wait waits until writes settle (no write for settleDelayMs, no directory ingestion running):
 * writing index files, and building an index of another kind beside the live one (an HNSW graph past the
 * threshold, flat again below it, a graph without its tombstones). Built inside an ingestion it took the
 * model's cores (~20 s of 317 on the whole docs tree); until it is done the live index answers, exactly when
 * flat. close() stops a build; the next open builds it again.
 */
export class CollectionIndexes {
	private readonly lease = acquireIndexThread();
	private readonly thread = this.lease.thread;
	/** Keeps this store's indexes apart from other engines' on the shared thread. */
	private readonly prefix = `${++engines}:`;
	private readonly entries = new Map<number, Entry>();
	private timer: NodeJS.Timeout | undefined;
	private retry: NodeJS.Timeout | undefined;
	private closed = false;
	/** Ingestions running: their writes come seconds apart (one embedding run each), so they hold settling off. */
	private holds = 0;

	private readonly settleDelayMs: number;
	private readonly hnswThreshold: number;
	private readonly buildSlice: number;
	private readonly log: (line: string) => void;
	private readonly problems: BackgroundProblems;
	private readonly skipped: SkippedVectors;
	private readonly retryDelayMs: number;

	constructor(private readonly store: Store, private readonly directory: string, options: IndexOptions = {}) {
		this.settleDelayMs = options.settleDelayMs ?? 2000;
		this.hnswThreshold = options.hnswThreshold ?? defaultHnswThreshold;
		this.buildSlice = options.buildSlice ?? buildSlice;
		this.log = options.log ?? (() => undefined);
		this.problems = options.problems ?? new BackgroundProblems(this.log);
		this.skipped = new SkippedVectors(this.problems);
		this.retryDelayMs = options.retryDelayMs ?? 30_000;
		const removed = removeIndexTemporaries(directory);
		if (removed.length > 0) {
			this.log(`removed ${removed.length} temporary index files left by an interrupted write: ${removed.join(', ')}`);
		}
	}

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

	/** The collection's index: live vectors, its kind, and the kind it is being built as (null: none). */
	async describe(collection: CollectionRow): Promise<{vectors: number; kind: IndexKind; rebuilding: IndexKind | null}> {
		const entry = this.entry(collection);
		await entry?.ready;
		if (!entry) {
			return {vectors: 0, kind: 'flat', rebuilding: null};
		}

		return {vectors: entry.size, kind: entry.kind, rebuilding: entry.build?.kind ?? (this.due(entry) ? this.kindFor(entry.size) : null)};
	}

	/** Applies a change the store has just committed; call it in the same tick as the commit. */
	async apply(collection: CollectionRow, change: VectorChange): Promise<void> {
		const current = this.store.collection(collection.name)!;
		const cached = this.entries.get(current.id);
		if (!cached) {
			await this.open(current); // loads or rebuilds from the store, which already holds the change
			return;
		}

		cached.build?.takeIn(change);
		await cached.steps.run(async () => {
			await cached.ready;
			if (cached.generation >= current.vectorGeneration) {
				return; // an index built or loaded from the store after this change already holds it
			}

			if (change.removed.length > 0) {
				this.skipped.removed(current.name, change.removed);
				note(cached, await this.thread.call({op: 'remove', key: this.key(current.id), rowids: [...change.removed]}));
			}

			if (change.added.length > 0) {
				note(cached, await this.sendAll(current, change.added));
			}

			cached.generation = current.vectorGeneration;
			cached.dirty = true;
		});
		this.settleLater();
	}

	/**
	 * Holds off the work that waits for writes to settle until the returned release is called: for a directory
	 * ingestion, whose writes are seconds apart. Building an index or writing a 60k-vector file meanwhile took
	 * the cores the model needs.
	 */
	hold(): () => void {
		this.holds++;
		let released = false;
		return () => {
			if (!released) {
				released = true;
				this.holds--;
				this.settleLater();
			}
		};
	}

	/**
	 * Does now what waits for writes to settle, and waits for it: due builds (and one running), then the changed
	 * index files.
	 */
	async settle(): Promise<void> {
		clearTimeout(this.timer);
		this.timer = undefined;
		await Promise.all([...this.entries].map(async ([id, entry]) => {
			if (!await entry.ready.then(() => true, () => false)) {
				return; // it failed to load: nothing to build or write
			}

			if (!entry.build && !this.closed && this.due(entry)) {
				this.startBuild(id, entry);
			}

			await entry.building;
			if (!this.closed) {
				await this.persistEntry(id, entry); // close() writes it itself
			}
		}));
	}

	/** Stops builds, writes every changed index to disk, lets the index thread go. */
	async close(): Promise<void> {
		this.closed = true;
		clearTimeout(this.timer);
		clearTimeout(this.retry);
		this.timer = undefined;
		for (const entry of this.entries.values()) {
			entry.build?.stop();
		}

		await Promise.allSettled([...this.entries.values()].map(async entry => Promise.all([entry.ready, entry.building])));
		// A file that cannot be written (disk full) is reported by persistEntry; the store rebuilds it at the next start.
		await Promise.allSettled([...this.entries].map(async ([id, entry]) => this.persistEntry(id, entry)));
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

		const entry: Entry = {name: current.name, ready: Promise.resolve(), size: 0, kind: 'flat', tombstones: 0, generation: current.vectorGeneration, dirty: false, steps: new SerialQueue()};
		entry.ready = this.load(current, entry).catch((error: unknown) => {
			// Forgotten, so that the next request loads it again instead of failing for good.
			this.entries.delete(current.id);
			this.problems.report(`index:${current.name}`, `collection '${current.name}': its vector index could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
			throw error;
		});
		this.entries.set(current.id, entry);
		return entry;
	}

	private async load(collection: CollectionRow, entry: Entry): Promise<void> {
		let loaded = await this.thread.call({op: 'load', key: this.key(collection.id), file: this.fileOf(collection.id), dims: collection.dims!, generation: collection.vectorGeneration});
		if (loaded.loaded && loaded.size !== this.store.vectorCount(collection.id)) {
			// Stored vectors the file left out: unusable ones (skipped when it was built). Rebuilt, to report them.
			loaded = {...await this.thread.call({op: 'create', key: this.key(collection.id), dims: collection.dims!, kind: 'flat'}), loaded: false};
		}

		note(entry, loaded);
		this.problems.resolve(`index:${collection.name}`);
		if (!loaded.loaded) {
			// A flat index from the store, read in one tick (it sees one state): fast, and exact until a due build.
			entry.generation = this.store.collection(collection.name)?.vectorGeneration ?? collection.vectorGeneration;
			note(entry, await this.sendAll(collection, this.store.vectors(collection.id)));
			entry.dirty = true;
		}

		if (entry.dirty || this.due(entry)) {
			this.settleLater();
		}
	}

	/** Whether the collection's index should be built again: the wrong kind for its size, or too many tombstones. */
	private due(entry: Entry): boolean {
		return this.kindFor(entry.size) !== entry.kind || entry.tombstones > maxTombstoneShare * (entry.size + entry.tombstones);
	}

	private startBuild(id: number, entry: Entry): void {
		const collection = this.store.collection(entry.name)!;
		const key = `${this.key(id)}:next`;
		const build = new IndexBuild({
			read: (after, limit) => this.store.vectorsAfter(id, after, limit),
			add: async rows => this.sendAll(collection, rows, key),
			remove: async rowids => this.thread.call({op: 'remove', key, rowids: [...rowids]}),
		}, this.kindFor(entry.size), this.buildSlice);
		entry.build = build;
		entry.building = this.runBuild(collection, entry, build, key).catch((error: unknown) => {
			this.log(`collection '${collection.name}': building its ${build.kind} index failed, the current one stays: ${error instanceof Error ? error.message : String(error)}`);
			void this.thread.call({op: 'drop', key}).catch(() => undefined);
		}).finally(() => {
			entry.build = undefined;
			entry.building = undefined;
		});
	}

	private async runBuild(collection: CollectionRow, entry: Entry, build: IndexBuild, key: string): Promise<void> {
		await this.thread.call({op: 'create', key, dims: collection.dims!, kind: build.kind});
		for (;;) {
			const outcome = await entry.steps.run(async () => {
				const step = await build.step();
				if (step === 'read') {
					// Same tick as the last read: every change committed so far is in the new index, later ones go to it.
					const swapped = this.thread.call({op: 'swap', key: this.key(collection.id), from: key});
					entry.build = undefined;
					entry.generation = this.store.collection(collection.name)?.vectorGeneration ?? entry.generation;
					note(entry, await swapped);
					entry.dirty = true;
					build.check();
				}

				return step;
			});
			if (outcome === 'stopped') {
				await this.thread.call({op: 'drop', key});
				return;
			}

			if (outcome === 'read') {
				this.log(`collection '${collection.name}': ${build.kind} index of ${entry.size.toLocaleString('en-US')} vectors built in ${build.seconds.toFixed(1)} s, ${build.taken} changes taken in while building`);
				if (this.due(entry)) {
					this.settleLater(); // changed enough while it was built to need another
				}

				return;
			}
		}
	}

	/** Writes the index file if the index changed; between two changes (a file never holds half of one). */
	private async persistEntry(id: number, entry: Entry): Promise<void> {
		await entry.steps.run(async () => {
			if (!entry.dirty) {
				return;
			}

			entry.dirty = false;
			try {
				await this.thread.call({op: 'write', key: this.key(id), file: this.fileOf(id), generation: entry.generation});
				this.problems.resolve(`index-file:${entry.name}`);
			} catch (error) {
				entry.dirty = true; // tried again later; until then the store rebuilds it at start
				this.problems.report(`index-file:${entry.name}`, `collection '${entry.name}': writing its vector index file failed (${error instanceof Error ? error.message : String(error)}); searches are not affected, the file is tried again${this.closed ? ' at the next start' : ` in ${Math.round(this.retryDelayMs / 1000)} s`}`);
				this.retryLater();
			}
		});
	}

	/**
	 * Sends vectors to the index under `key` in addBatch slices (each becomes a number[] for faiss-node on the
	 * index thread, 8 bytes a value: a 10k-chunk import in one message left that thread's heap ~100 MB larger);
	 * answers the last reply. The slices are read synchronously (a store iterator sees one state) and sent in
	 * order; the thread adds them while the next is read.
	 */
	private async sendAll(collection: CollectionRow, vectors: Iterable<{rowid: number; vector: Float32Array}>, key = this.key(collection.id)): Promise<IndexReply> {
		const sends: Array<Promise<IndexReply>> = [];
		let batch: Array<{rowid: number; vector: Float32Array}> = [];
		for (const vector of vectors) {
			batch.push(vector);
			if (batch.length === addBatch) {
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

	private async send(collection: CollectionRow, rows: ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>, key = this.key(collection.id)): Promise<IndexReply> {
		const dims = collection.dims!;
		// An unusable stored vector (NaN, zero, another length: let in by an older version) is left out and reported.
		const vectors = usableRows(rows, dims, (rowids, problem) => {
			this.skipped.skipped(collection.name, rowids, problem);
		});
		const flat = new Float32Array(vectors.length * dims);
		for (const [row, {vector}] of vectors.entries()) {
			flat.set(vector, row * dims);
		}

		return this.thread.call({op: 'add', key, rowids: vectors.map(vector => vector.rowid), vectors: flat});
	}

	/** (Re)starts the wait for writes to settle. */
	private settleLater(): void {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => {
			this.timer = undefined;
			if (this.holds === 0) { // else the last release starts the wait again
				void this.settle().catch(() => undefined);
			}
		}, this.settleDelayMs);
		this.timer.unref();
	}

	/** Tries failed index files again after retryDelayMs (not sooner: a full disk stays full for a while). */
	private retryLater(): void {
		if (this.closed || this.retry) {
			return;
		}

		this.retry = setTimeout(() => {
			this.retry = undefined;
			void this.settle().catch(() => undefined);
		}, this.retryDelayMs);
		this.retry.unref();
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
