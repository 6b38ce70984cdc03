import type {Store} from '../sqlite/store.js';
import type {BackgroundProblems} from '../../../background-problems.js';
import type {CollectionRow, VectorChange} from '../sqlite/types.js';
import type {Collection, IndexKind, Candidate, VectorIndexState} from '../../types.js';
import {queryFits} from '../../fingerprint.js';
import {SerialQueue} from '../../../serial-queue.js';
import type {IndexThread} from './index-thread.js';
import type {IndexOp, IndexReply, IndexRequest, IndexShape} from './thread-protocol.js';
import {IndexBuild} from './index-build.js';
import {sendVectors} from './send-vectors.js';
import type {SkippedVectors} from './skipped-vectors.js';

/** Share of an HNSW graph that may be tombstones before it is rebuilt without them. */
const maxTombstoneShare = 0.1;

/** What one collection's index works with; the registry (collection-indexes.ts) gives each its own. */
export type IndexContext = {
	readonly thread: IndexThread;
	readonly store: Store;
	/** The index's name on the thread. */
	readonly key: string;
	/** Its file, without the extension. */
	readonly file: string;
	/** Vectors above which the index is an HNSW graph. */
	readonly hnswThreshold: number;
	/** Vectors read and added per build step, fixed; undefined: steps of about buildStepMs (index-build.ts). */
	readonly buildSlice: number | undefined;
	readonly log: (line: string) => void;
	/** Asks for the work that waits for writes to settle (a build, the file). */
	readonly settleLater: () => void;
	/** Where a failed index file write is reported (and cleared by the next one that succeeds), for /health. */
	readonly problems: BackgroundProblems;
	/** Stored vectors left out of the index as unusable, reported until their chunks are gone. */
	readonly skipped: SkippedVectors;
	/** Asks for the file to be written again later (after a failure: a full disk stays full for a while). */
	readonly retryLater: () => string;
};

/**
 * One collection's vector index, held by the index thread and kept in step with the store: loaded from its file
 * when that matches the store's generation, rebuilt (flat, fast) from the stored vectors otherwise (missing,
 * corrupt, stale after a crash, or a load that failed). An index of another kind is built beside the live one
 * when the scheduler says writes settled (an HNSW graph past the threshold, flat again below it, a graph without
 * its tombstones); until it is done the live index answers, exactly when flat.
 */
export class CollectionIndex {
	readonly ready: Promise<void>;
	private size = 0;
	private kind: IndexKind = 'flat';
	private tombstones = 0;
	private generation: number;
	private dirty = false;
	/** Set when the registry gave the index up: none of its work reaches the thread any more. */
	private broken = false;
	/** The index's work, one step at a time: a change and a build step never interleave. */
	private readonly steps = new SerialQueue();
	/** A build running beside the live index, and its end. */
	private build: IndexBuild | undefined;
	private building: Promise<void> | undefined;

	constructor(private readonly context: IndexContext, private readonly collection: CollectionRow) {
		this.generation = collection.vectorGeneration;
		this.ready = this.load();
	}

	/** Whether it holds the vectors of the fingerprint `collection` names (a model switch gives it up for a new one). */
	holds(collection: Collection): boolean {
		return queryFits(this.collection, collection);
	}

	async search(query: Float32Array, k: number): Promise<Candidate[]> {
		await this.ready;
		const reply = await this.call('search', {key: this.context.key, query, k});
		return reply.rowids.map((rowid, index) => ({rowid, score: reply.scores[index]!}));
	}

	/** Live vectors, the kind, and the kind it is being built as (null: none). */
	async describe(): Promise<VectorIndexState> {
		await this.ready;
		return {vectors: this.size, kind: this.kind, rebuilding: this.build?.kind ?? (this.due() ? this.kindFor(this.size) : null)};
	}

	/** Follows a change the store has just committed: call it in the same tick as the commit. */
	async apply(current: CollectionRow, change: VectorChange): Promise<void> {
		this.build?.takeIn(change);
		await this.steps.run(async () => {
			await this.ready;
			if (this.generation >= current.vectorGeneration) {
				return; // an index built or loaded from the store after this change already holds it
			}

			if (change.removed.length > 0) {
				this.context.skipped.removed(this.collection.name, change.removed);
				this.note(await this.call('remove', {key: this.context.key, rowids: [...change.removed]}));
			}

			if (change.added.length > 0) {
				this.note(await this.send(change.added, this.context.key));
			}

			this.generation = current.vectorGeneration;
			this.dirty = true;
		});
		this.context.settleLater();
	}

	/** Does now what waits for writes to settle: a due build (and one running), then the file if it changed. */
	async settle(closing: boolean): Promise<void> {
		if (!await this.ready.then(() => true, () => false)) {
			return; // it failed to load: nothing to build or write
		}

		if (!this.build && !closing && this.due()) {
			this.startBuild();
		}

		await this.building;
		if (!closing) {
			await this.persist(); // close() writes it itself
		}
	}

	/** Ends a running build at its next step (the daemon is stopping); resolves once nothing runs. */
	async stop(): Promise<void> {
		this.build?.stop();
		await Promise.allSettled([this.ready, this.building]);
	}

	/** Gives the index up (it failed): nothing more of it reaches the thread or the file. */
	giveUp(): void {
		this.broken = true;
		this.build?.stop();
	}

	/**
	 * Writes the index file if the index changed; between two changes (a file never holds half of one). A failure
	 * (disk full, read-only folder) is reported and tried again later, never thrown: until then the store rebuilds
	 * the index at start.
	 */
	async persist(): Promise<void> {
		await this.steps.run(async () => {
			if (!this.dirty || this.broken) {
				return;
			}

			this.dirty = false;
			const source = `index-file:${this.collection.name}`;
			try {
				await this.call('write', {key: this.context.key, file: this.context.file, generation: this.generation});
				this.context.problems.resolve(source);
			} catch (error) {
				this.dirty = true;
				this.context.problems.report(source, `collection '${this.collection.name}': writing its vector index file failed (${messageOf(error)}); searches are not affected, the file is tried again ${this.context.retryLater()}`);
			}
		});
	}

	private async load(): Promise<void> {
		const {key, file, log, store} = this.context;
		const {id, name, dims, vectorGeneration} = this.collection;
		try {
			const loaded = await this.call('load', {key, file, dims: dims!, generation: vectorGeneration});
			if (loaded.rejected) {
				log(`collection '${name}': its index file was not used (${loaded.rejected}); rebuilt from the store`);
			}

			this.note(loaded);
			if (!loaded.loaded || loaded.size !== store.stats(id).vectors) {
				// Not there, or it left out stored vectors (unusable ones, skipped when it was built): rebuilt, so they are reported.
				await this.rebuildFromStore();
			}
		} catch (error) {
			// Without this the failure was cached: every later search and write of the collection failed until a restart.
			log(`collection '${name}': loading its vector index failed (${messageOf(error)}); rebuilding it from the store`);
			await this.rebuildFromStore();
		}

		if (this.dirty || this.due()) {
			this.context.settleLater();
		}
	}

	/** A flat index from the store, read in one tick (it sees one state): fast, and exact until a due build. */
	private async rebuildFromStore(): Promise<void> {
		const {key, store} = this.context;
		const {id, name, dims} = this.collection;
		const created = this.call('create', {key, dims: dims!, kind: 'flat'});
		this.generation = store.collection(name)?.vectorGeneration ?? this.generation;
		const sent = sendVectors(this.context.thread, key, dims!, store.reads.vectors(id));
		const [, {shape, skipped, problem}] = await Promise.all([created, sent]);
		this.note(shape);
		if (problem !== undefined) {
			this.context.skipped.skipped(name, skipped, problem);
		}

		this.dirty = true;
	}

	/** Whether the index should be built again: the wrong kind for its size, or too many tombstones. */
	private due(): boolean {
		return this.kindFor(this.size) !== this.kind || this.tombstones > maxTombstoneShare * (this.size + this.tombstones);
	}

	private kindFor(vectors: number): IndexKind {
		return vectors > this.context.hnswThreshold ? 'hnsw' : 'flat';
	}

	private startBuild(): void {
		const {store, key, log, buildSlice} = this.context;
		const next = `${key}:next`;
		const build = new IndexBuild({
			read: (after, limit) => store.reads.vectorsAfter(this.collection.id, after, limit),
			add: async rows => this.send(rows, next),
			remove: async rowids => this.call('remove', {key: next, rowids: [...rowids]}),
		}, this.kindFor(this.size), buildSlice);
		this.build = build;
		this.building = this.runBuild(build, next).catch((error: unknown) => {
			log(`collection '${this.collection.name}': building its ${build.kind} index failed, the current one stays: ${messageOf(error)}`);
			void this.call('drop', {key: next}).catch(() => undefined);
		}).finally(() => {
			this.build = undefined;
			this.building = undefined;
		});
	}

	private async runBuild(build: IndexBuild, next: string): Promise<void> {
		const {key, store, log} = this.context;
		await this.call('create', {key: next, dims: this.collection.dims!, kind: build.kind});
		for (;;) {
			const outcome = await this.steps.run(async () => {
				const step = await build.step();
				if (step === 'read') {
					// Same tick as the last read: every change committed so far is in the new index, later ones go to it.
					const swapped = this.call('swap', {key, from: next});
					this.build = undefined;
					this.generation = store.collection(this.collection.name)?.vectorGeneration ?? this.generation;
					this.note(await swapped);
					this.dirty = true;
					build.check();
				}

				return step;
			});
			if (outcome === 'stopped') {
				await this.call('drop', {key: next});
				return;
			}

			if (outcome === 'read') {
				log(`collection '${this.collection.name}': ${build.kind} index of ${this.size.toLocaleString('en-US')} vectors built in ${build.seconds.toFixed(1)} s, ${build.taken} changes taken in while building`);
				if (this.due()) {
					this.context.settleLater(); // changed enough while it was built to need another
				}

				return;
			}
		}
	}

	private async send(rows: ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>, key: string): Promise<IndexShape> {
		this.assertUsable();
		const {shape, skipped, problem} = await sendVectors(this.context.thread, key, this.collection.dims!, rows);
		if (problem !== undefined) {
			this.context.skipped.skipped(this.collection.name, skipped, problem);
		}

		return shape;
	}

	private async call<Op extends IndexOp>(op: Op, request: IndexRequest<Op>): Promise<IndexReply<Op>> {
		this.assertUsable();
		return this.context.thread.call(op, request);
	}

	private assertUsable(): void {
		if (this.broken) {
			throw new Error(`the vector index of collection '${this.collection.name}' was given up after a failure`);
		}
	}

	private note(shape: IndexShape): void {
		this.size = shape.size;
		this.kind = shape.kind;
		this.tombstones = shape.tombstones;
	}
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
