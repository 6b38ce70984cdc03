import {rmSync} from 'node:fs';
import path from 'node:path';
import type {Store} from '../sqlite/store.js';
import type {CollectionRow, VectorChange} from '../sqlite/types.js';
import type {Candidate, VectorIndexState} from '../../types.js';
import {EngineError, modelSwitched} from '../../../errors.js';
import {BackgroundProblems} from '../../../background-problems.js';
import {SettleScheduler, settleDelayMs} from '../../settle-scheduler.js';
import {acquireIndexThread, type IndexThreadLease} from './index-thread.js';
import {CollectionIndex} from './collection-index.js';
import {SkippedVectors} from './skipped-vectors.js';
import {removeIndexTemporaries} from './index-temporaries.js';

let registries = 0;

export type IndexOptions = {
	/** How long work that can wait (index files, builds) waits for writes to settle. */
	readonly settleDelayMs?: number;
	/** Vectors above which a collection's index is an HNSW graph. */
	readonly hnswThreshold?: number;
	/** Vectors read and added per build step, fixed (tests make it small so that writes land between steps); by default each step lasts about index-build.ts's buildStepMs. */
	readonly buildSlice?: number;
	/** Where builds and index failures are reported. */
	readonly log?: (line: string) => void;
	/** The index thread to use (default: the process's one); tests wrap it to make calls fail. */
	readonly thread?: IndexThreadLease;
	/** Where failures of background work (index files, loads) and unusable stored vectors are reported. */
	readonly problems?: BackgroundProblems;
	/** How long after a failed index file write it is tried again. */
	readonly retryDelayMs?: number;
};

/**
 * Above this many vectors a collection's index is an HNSW graph instead of exact search. Exact search
 * (flat-index.ts: an int8 scan with WebAssembly SIMD, then float32 scores for the few that could rank) reads a byte
 * per dimension per vector, about 19 MB at 50k vectors of 384 dimensions; HNSW reads a few hundred vectors at
 * recall@10 >= 0.99 (bench/RESULTS.md). MD_VECTOR_HNSW_THRESHOLD overrides it (tests use a small one).
 */
export const defaultHnswThreshold = 50_000;

/**
 * The embedded backend's vector indexes: one CollectionIndex per collection with vectors, opened on first use,
 * and the scheduler of the work that waits for writes to settle (builds, index files). An index that fails to
 * load is given up and opened again on its next use; a committed write never fails because of its index.
 */
export class CollectionIndexes {
	private readonly lease: IndexThreadLease;
	/** Keeps this store's indexes apart from other engines' on the shared thread. */
	private readonly prefix = `${++registries}:`;
	private readonly entries = new Map<number, CollectionIndex>();
	private readonly scheduler: SettleScheduler;
	private closed = false;
	private readonly hnswThreshold: number;
	private readonly buildSlice: number | undefined;
	private readonly log: (line: string) => void;
	private readonly problems: BackgroundProblems;
	private readonly skipped: SkippedVectors;
	private readonly retryDelayMs: number;
	private retry: NodeJS.Timeout | undefined;

	constructor(private readonly store: Store, private readonly directory: string, options: IndexOptions = {}) {
		this.lease = options.thread ?? acquireIndexThread();
		this.scheduler = new SettleScheduler(options.settleDelayMs ?? settleDelayMs, async () => this.settle());
		this.hnswThreshold = options.hnswThreshold ?? defaultHnswThreshold;
		this.buildSlice = options.buildSlice;
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
		await this.usable(collection);
	}

	/** The nearest vectors; refused (model_switched) when the index now holds another model's than `collection` names. */
	async search(collection: CollectionRow, query: Float32Array, k: number): Promise<Candidate[]> {
		const index = await this.usable(collection);
		if (index && !index.holds(collection)) {
			throw modelSwitched(`collection '${collection.name}' now holds vectors of another model: search it again`);
		}

		return index ? index.search(query, k) : [];
	}

	async describe(collection: CollectionRow): Promise<VectorIndexState> {
		const index = await this.usable(collection);
		return index ? index.describe() : {vectors: 0, kind: 'flat', rebuilding: null};
	}

	/** Follows a change the store has just committed (call it in the same tick as the commit); never throws. */
	async apply(collection: CollectionRow, change: VectorChange): Promise<void> {
		const current = this.store.collection(collection.name)!;
		const cached = this.entries.get(current.id);
		try {
			// Not open yet: it loads or rebuilds from the store, which already holds the change.
			await (cached ? cached.apply(current, change) : this.usable(current));
		} catch (error) {
			// The store has the change: the index is given up, and rebuilt from the store on its next use.
			this.log(`collection '${current.name}': its vector index could not follow a write (${error instanceof Error ? error.message : String(error)}); it is rebuilt from the store on its next use`);
			if (cached) {
				this.giveUp(current.id, cached);
			}
		}
	}

	/**
	 * Loads the collection's index again, from the store (its file is stale): after a committed write too large to
	 * send it whole (an import's vectors are read back by the rebuild a slice at a time). Never throws.
	 */
	async reload(collection: CollectionRow): Promise<void> {
		const cached = this.entries.get(collection.id);
		if (cached) {
			await cached.stop();
			this.giveUp(collection.id, cached);
		}

		await this.usable(this.store.collection(collection.name)!).catch(() => undefined);
	}

	/**
	 * The collection's vectors were all replaced (a model switch, maybe of another dimension): its index is given
	 * up in this tick, so no later search reaches it, and the next use builds one from the store.
	 */
	discard(collectionId: number): void {
		const index = this.entries.get(collectionId);
		if (index) {
			this.giveUp(collectionId, index);
		}
	}

	/** A deleted collection: its index stops, leaves the thread, and its files are removed. */
	async forget(collectionId: number): Promise<void> {
		const index = this.entries.get(collectionId);
		if (index) {
			this.entries.delete(collectionId);
			await index.stop();
			index.giveUp();
			await this.lease.thread.call('drop', {key: this.key(collectionId)}).catch(() => undefined);
		}

		for (const extension of ['faiss', 'json']) {
			rmSync(path.join(this.directory, `collection-${collectionId}.${extension}`), {force: true});
		}
	}

	/** Holds off the work that waits for writes to settle until the returned release is called (a bulk write). */
	hold(): () => void {
		return this.scheduler.hold();
	}

	/** Does now what waits for writes to settle, and waits for it: due builds (and running ones), then changed files. */
	async settle(): Promise<void> {
		this.scheduler.cancel();
		await Promise.all([...this.entries.values()].map(async index => index.settle(this.closed)));
	}

	/** Stops builds, writes every changed index to disk, lets the index thread go. */
	async close(): Promise<void> {
		this.closed = true;
		this.scheduler.cancel();
		clearTimeout(this.retry);
		const indexes = [...this.entries];
		await Promise.all(indexes.map(async ([, index]) => index.stop()));
		await Promise.all(indexes.map(async ([, index]) => index.persist())); // a failure is reported, not thrown
		await Promise.all(indexes.map(async ([id]) => this.lease.thread.call('drop', {key: this.key(id)})));
		this.entries.clear();
		await this.lease.release();
	}

	/** The collection's index once loaded; undefined when the collection has no vectors yet. */
	private async usable(collection: CollectionRow): Promise<CollectionIndex | undefined> {
		const index = this.entry(collection);
		try {
			await index?.ready;
		} catch (error) {
			throw new EngineError('index_unavailable', 503, `collection '${collection.name}': its vector index could not be loaded (${error instanceof Error ? error.message : String(error)}); it is tried again on the next request, and keyword search works meanwhile`);
		}

		return index;
	}

	private entry(collection: CollectionRow): CollectionIndex | undefined {
		const cached = this.entries.get(collection.id);
		if (cached) {
			return cached;
		}

		const current = this.store.collection(collection.name);
		if (!current?.dims) {
			return undefined;
		}

		const index = new CollectionIndex({
			thread: this.lease.thread, store: this.store, key: this.key(current.id), file: path.join(this.directory, `collection-${current.id}`),
			hnswThreshold: this.hnswThreshold, buildSlice: this.buildSlice, log: this.log, settleLater: () => {
				this.scheduler.later();
			}, problems: this.problems, skipped: this.skipped, retryLater: () => this.retryLater(),
		}, current);
		this.entries.set(current.id, index);
		const source = `index:${current.name}`;
		index.ready.then(() => {
			this.problems.resolve(source);
		}, (error: unknown) => {
			this.problems.report(source, `collection '${current.name}': its vector index could not be loaded or rebuilt (${error instanceof Error ? error.message : String(error)}); semantic search fails until it is, keyword search works; tried again on its next use`);
			this.giveUp(current.id, index);
		});
		return index;
	}

	private giveUp(id: number, index: CollectionIndex): void {
		index.giveUp();
		if (this.entries.get(id) === index) {
			this.entries.delete(id);
			// Sent before any new load of the key (which comes with the next use): frees what the failed one held.
			void this.lease.thread.call('drop', {key: this.key(id)}).catch(() => undefined);
		}
	}

	/** Writes failed index files again after retryDelayMs (not sooner: a full disk stays full for a while); answers when, in words. */
	private retryLater(): string {
		if (this.closed) {
			return 'at the next start';
		}

		this.retry ??= setTimeout(() => {
			this.retry = undefined;
			void this.settle().catch(() => undefined);
		}, this.retryDelayMs).unref();
		return `in ${Math.round(this.retryDelayMs / 1000)} s`;
	}

	private key(id: number): string {
		return `${this.prefix}${id}`;
	}
}
