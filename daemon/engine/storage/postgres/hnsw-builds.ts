import type pg from 'pg';
import type {Collection, IndexKind} from '../types.js';
import {SettleScheduler, settleDelayMs} from '../settle-scheduler.js';
import type {BackgroundProblems} from '../../background-problems.js';
import {collectionByName, contentCounts} from './collections.js';
import {buildHnswIndex, currentIndex, hnswIndexes, tailLength, type HnswIndex, type Queryable} from './hnsw-index.js';

/**
 * Exact search up to 10k vectors, HNSW above (MD_VECTOR_HNSW_THRESHOLD sets it for both backends). Lower than
 * the embedded store's 50k: PostgreSQL's exact scan costs about ten times FAISS's per vector (31k vectors:
 * 30-40 ms against 4-13 ms; the HNSW index: 2 ms, bench/RESULTS.md).
 */
export const defaultThreshold = 10_000;

/**
 * A collection's HNSW index covers its rows up to a watermark (hnsw-index.ts); the rows written since, its tail,
 * are searched exactly. A new index is built (beside the old one, which searches use until it is valid) once the
 * tail holds more than this share of the collection's vectors, or the floor below, whichever is more. The share
 * weighs the rebuild against what it saves: measured on the KEP tree (bench/postgres/import-profile.ts, 2 cores),
 * a vector inserted into the graph row by row cost 4.8-7.2 ms, a build from scratch 0.25-0.5 ms per vector, so a
 * rebuild every sixteenth costs 4-8 ms per vector of the tail, about what inserting it would have: the writes go
 * in at the speed a write without index has, and the builds cost what the insertions would have. The tail's
 * exact scan stays short meanwhile: a sixteenth of 100k vectors, about 7 ms at PostgreSQL's 1.1 µs a vector.
 */
export const rebuildShare = 1 / 16;

/**
 * The tail a collection keeps, however small: below it a rebuild would come every few hundred writes in a
 * collection just above the threshold, and 2,000 vectors are scanned in about 2 ms. Never above the threshold
 * itself: a tail is never longer than a collection searched wholly exactly.
 */
export const rebuildFloor = 2000;

/**
 * Watermarks searches use are read from the catalog again after this long: another daemon may have built a newer
 * index. A stale one is still exact over its tail (vectors.ts), only slower, and this daemon's builds set theirs.
 */
const watermarkAgeMs = 5000;

/**
 * When collections get a new HNSW index: once a write leaves more vectors than the threshold and none exists, or
 * its tail grows past rebuildShare, built in the background (by whichever daemon takes the build lock first), held
 * off while a bulk write runs. A bulk write no longer touches the index: its rows land above the watermark.
 */
export class HnswBuilds {
	private readonly building = new Map<number, Promise<void>>();
	/** Stops each build under way (a large bulk write coming: it would compete with the write for the cores). */
	private readonly stops = new Map<number, AbortController>();
	/**
	 * This daemon's builds run one after the other: the database runs one at a time anyway (lockKeys.chunkIndexes),
	 * and each one waiting would hold a connection of the pool searches need.
	 */
	private queue: Promise<void> = Promise.resolve();
	private readonly waiting = new Map<number, Collection>();
	/** Per collection, the watermark of the index searches use (null: one covering every row; undefined: none), and when read. */
	private readonly watermarks = new Map<number, {watermark: number | null | undefined; at: number}>();
	/**
	 * Builds start once writes settle: no write for settleMs and no bulk write running. An import in parts (one
	 * `md-vector import` a part) left a gap between parts in which a build started, only to be stopped by the next
	 * part: six builds begun and stopped in one import of the KEP tree, each on both cores, which the searches
	 * meanwhile waited behind (bench/RESULTS.md, issue 37). The embedded store's index builds wait the same way.
	 */
	private readonly scheduler: SettleScheduler;
	private closed = false;

	constructor(private readonly pool: pg.Pool, private readonly threshold = defaultThreshold, private readonly log?: (line: string) => void, private readonly problems?: BackgroundProblems, settleMs = settleDelayMs) {
		this.scheduler = new SettleScheduler(settleMs, async () => {
			this.startDue();
		});
	}

	/** The watermark searches of the collection use (vectorSearchSql), read again from the catalog every few seconds. */
	async watermark(collection: Collection): Promise<number | null | undefined> {
		const known = this.watermarks.get(collection.id);
		if (known && performance.now() - known.at < watermarkAgeMs) {
			return known.watermark;
		}

		return this.learn(collection.id, await hnswIndexes(this.pool, collection.id));
	}

	async describe(collection: Collection, vectors: number): Promise<{kind: IndexKind; rebuilding: IndexKind | null}> {
		const indexes = await hnswIndexes(this.pool, collection.id);
		const building = this.building.has(collection.id) || indexes.some(index => !index.valid);
		return {kind: currentIndex(indexes) ? 'hnsw' : 'flat', rebuilding: building || await this.due(this.pool, collection, indexes, vectors) ? 'hnsw' : null};
	}

	afterWrite(collection: Collection): void {
		this.waiting.set(collection.id, collection);
		this.scheduler.later();
	}

	/**
	 * At start, looks at every collection above the threshold: one without an index (a daemon stopped before building
	 * it, or its build died), with one of before watermarks, with a long tail, or with an index left invalid, gets
	 * built (the build drops the invalid ones), once writes settle.
	 */
	async resumeDue(): Promise<void> {
		const {rows} = await this.pool.query<{name: string}>(`SELECT c.name FROM md_vector.collections c JOIN md_vector.collection_totals t ON t.collection_id = c.id
			WHERE c.dims IS NOT NULL AND t.vectors > $1`, [this.threshold]);
		for (const {name} of rows) {
			const collection = await collectionByName(this.pool, name);
			if (collection) {
				this.waiting.set(collection.id, collection);
			}
		}

		// After writes settle too: another daemon of the database may be writing (and building as the writer), and a
		// build started at once here took a collection's build lock from the daemon that had just written it.
		this.scheduler.later();
	}

	hold(): () => void {
		return this.scheduler.hold();
	}

	/**
	 * Runs a bulk write (an import) of `incoming` vectors into the collection named `name`, and answers its row after:
	 * no build starts while it runs (builds wait for writes to settle after it: an import in parts gets one build,
	 * after its last part). A build of this daemon's under way is stopped first when the write brings at least
	 * rebuildShare of the collection's vectors, as the write would leave it due again at once, and meanwhile the
	 * build (CPU for a whole collection's graph) and the write compete for the same cores: an import of the KEP tree
	 * in parts went at 0.33-0.71 of the embedded store's speed with builds between the parts, 0.49-0.89 without.
	 * Built again after the write (afterWrite). The collection is read for that only while a build runs.
	 */
	async bulkWrite(name: string, incoming: number | undefined, write: () => Promise<Collection>): Promise<Collection> {
		const release = this.scheduler.hold();
		try {
			const existing = incoming && this.building.size > 0 ? await collectionByName(this.pool, name) : undefined;
			if (existing) {
				await this.stopBuildFor(existing, incoming!);
			}

			const collection = await write();
			this.afterWrite(collection);
			return collection;
		} finally {
			release();
		}
	}

	async settle(): Promise<void> {
		this.scheduler.cancel();
		this.startDue();
		while (this.building.size > 0) {
			// A build ending starts the next one due (a write came meanwhile).
			await Promise.all(this.building.values());
		}
	}

	async close(): Promise<void> {
		this.closed = true;
		this.scheduler.cancel();
		await Promise.all(this.building.values());
	}

	private async stopBuildFor(collection: Collection, incoming: number): Promise<void> {
		const build = this.building.get(collection.id);
		if (!build || incoming === 0 || incoming < (await contentCounts(this.pool, collection.id)).vectors * rebuildShare) {
			return;
		}

		this.stops.get(collection.id)?.abort();
		await build;
	}

	private learn(collectionId: number, indexes: readonly HnswIndex[]): number | null | undefined {
		const watermark = currentIndex(indexes)?.watermark;
		this.watermarks.set(collectionId, {watermark, at: performance.now()});
		return watermark;
	}

	/** Whether the collection is due a new index: none valid above the threshold, one of before watermarks, or a long tail. */
	private async due(db: Queryable, collection: Collection, indexes: readonly HnswIndex[], vectors?: number): Promise<boolean> {
		const count = vectors ?? (await contentCounts(db, collection.id)).vectors;
		if (count <= this.threshold || collection.dims === null) {
			return false;
		}

		const current = currentIndex(indexes);
		if (current?.watermark === undefined || current.watermark === null) {
			return true;
		}

		const limit = Math.max(Math.ceil(count * rebuildShare), Math.min(rebuildFloor, this.threshold));
		return await tailLength(db, collection.id, current.watermark, limit + 1) > limit;
	}

	private startDue(): void {
		for (const collection of this.waiting.values()) {
			// One being built is looked at again when its build ends (rows written meanwhile are in its tail).
			if (this.closed || this.building.has(collection.id)) {
				continue;
			}

			this.waiting.delete(collection.id);
			const stop = new AbortController();
			this.stops.set(collection.id, stop);
			const build = this.queue.then(async () => (this.closed || stop.signal.aborted ? undefined : this.build(collection, stop.signal))).then(() => {
				this.problems?.resolve(`hnsw-index:${collection.name}`);
			}, (error: unknown) => {
				if (stop.signal.aborted) {
					this.log?.(`postgres: the HNSW index build of '${collection.name}' stopped for a bulk write; built again after it`);
					return;
				}

				const message = `building the HNSW index of '${collection.name}' failed (${(error as Error).message}); searches go on with the index it had (exact without one), and it is tried again after the next write`;
				if (this.problems) {
					this.problems.report(`hnsw-index:${collection.name}`, message);
				} else {
					this.log?.(`postgres: ${message}`);
				}
			}).finally(() => {
				this.building.delete(collection.id);
				this.stops.delete(collection.id);
				if (this.waiting.has(collection.id)) {
					this.scheduler.later();
				}
			});
			this.building.set(collection.id, build);
			this.queue = build;
		}
	}

	private async build(collection: Collection, signal: AbortSignal): Promise<void> {
		const started = performance.now();
		const watermark = await buildHnswIndex(this.pool, collection, async (db, indexes) => this.due(db, collection, indexes), signal);
		if (watermark !== undefined) {
			this.learn(collection.id, await hnswIndexes(this.pool, collection.id));
			this.log?.(`postgres: HNSW index of '${collection.name}' built over its vectors up to chunk ${watermark} in ${Math.round(performance.now() - started)} ms`);
		}
	}
}
