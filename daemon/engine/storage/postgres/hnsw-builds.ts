import type pg from 'pg';
import type {Collection, IndexKind} from '../types.js';
import {Holds} from '../../bulk-write-holds.js';
import type {BackgroundProblems} from '../../background-problems.js';
import {collectionByName, contentCounts} from './collections.js';
import {buildHnswIndex, dropHnswIndex, hnswState} from './hnsw-index.js';

/**
 * Exact search up to 10k vectors, HNSW above (MD_VECTOR_HNSW_THRESHOLD sets it for both backends). Lower than
 * the embedded store's 50k: PostgreSQL's exact scan costs about ten times FAISS's per vector (31k vectors:
 * 30-40 ms against 4-13 ms; the HNSW index: 2 ms, bench/RESULTS.md).
 */
export const defaultThreshold = 10_000;

/**
 * A bulk write bringing at least this share of the vectors a collection holds goes in without its HNSW index,
 * which is built again after (dropBeforeBulkWrite). Measured on the KEP tree (bench/postgres/import-profile.ts,
 * 2 cores): a vector inserted into the graph row by row cost 4.8-7.2 ms, a build from scratch 0.25-0.5 ms per
 * vector, so building again is the cheaper past a tenth to a thirtieth; a sixteenth, between the two.
 */
export const dropShare = 1 / 16;

/**
 * When collections get their HNSW index: once a write leaves more vectors than the threshold, built in the
 * background (by whichever daemon takes the build lock first), held off while a bulk write runs.
 */
export class HnswBuilds {
	private readonly building = new Map<number, Promise<void>>();
	/** Stops each build under way (a bulk write coming: it would build over rows about to change). */
	private readonly stops = new Map<number, AbortController>();
	private readonly waiting = new Map<number, Collection>();
	private readonly ready_ = new Set<number>();
	/** Bulk writes running; builds start when the last ends. */
	private readonly holds = new Holds(idle => {
		if (idle) {
			this.startDue();
		}
	});

	private closed = false;

	constructor(private readonly pool: pg.Pool, private readonly threshold = defaultThreshold, private readonly log?: (line: string) => void, private readonly problems?: BackgroundProblems) {
		// Builds start when collections are first searched.
	}

	/** Whether the collection's index is built and valid (then searches use it). */
	async ready(collection: Collection): Promise<boolean> {
		if (!this.ready_.has(collection.id) && await hnswState(this.pool, collection.id) === 'ready') {
			this.ready_.add(collection.id);
		}

		return this.ready_.has(collection.id);
	}

	async describe(collection: Collection, vectors: number): Promise<{kind: IndexKind; rebuilding: IndexKind | null}> {
		const state = await hnswState(this.pool, collection.id);
		const due = state === 'building' || this.building.has(collection.id) || (state === 'none' && vectors > this.threshold && collection.dims !== null);
		return {kind: state === 'ready' ? 'hnsw' : 'flat', rebuilding: due ? 'hnsw' : null};
	}

	afterWrite(collection: Collection): void {
		this.waiting.set(collection.id, collection);
		if (this.holds.idle) {
			this.startDue();
		}
	}

	/**
	 * Before a bulk write of `incoming` vectors into the collection: drops its HNSW index when building it again
	 * after costs less than inserting each of them into it (dropShare); the write's afterWrite builds it again.
	 * A build of this daemon's under way is stopped and its index dropped, whatever the share: it would be built
	 * again after the write anyway, and meanwhile the write's rows would go into its graph one by one (as bulk
	 * writes one after the other do: each would wait for or feed the build the one before started).
	 */
	async dropBeforeBulkWrite(collection: Collection, incoming: number): Promise<boolean> {
		if (collection.dims === null || incoming === 0) {
			return false;
		}

		const build = this.building.get(collection.id);
		if (build) {
			this.stops.get(collection.id)?.abort();
			await build;
		}

		const {vectors} = await contentCounts(this.pool, collection.id);
		if (vectors + incoming <= this.threshold || (!build && incoming < vectors * dropShare) || !await dropHnswIndex(this.pool, collection)) {
			return false;
		}

		this.ready_.delete(collection.id);
		this.log?.(`postgres: HNSW index of '${collection.name}' dropped for a write of ${incoming} vectors beside ${vectors}; built again after it`);
		return true;
	}

	/**
	 * Builds, at start, the indexes due and missing (or left invalid): a daemon that stopped between dropping an
	 * index for a bulk write and building it again, or whose build died, leaves its collection searched exactly
	 * until someone builds it. Answers once the builds are started.
	 */
	async resumeDue(): Promise<void> {
		const {rows} = await this.pool.query<{name: string}>(`SELECT c.name FROM md_vector.collections c JOIN md_vector.collection_totals t ON t.collection_id = c.id
			WHERE c.dims IS NOT NULL AND t.vectors > $1 AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid
				JOIN pg_namespace n ON n.oid = x.relnamespace WHERE n.nspname = 'md_vector' AND x.relname = 'chunks_hnsw_' || c.id AND i.indisvalid)`, [this.threshold]); // hnswIndexName's
		for (const {name} of rows) {
			const collection = await collectionByName(this.pool, name);
			if (collection) {
				this.afterWrite(collection);
			}
		}
	}

	hold(): () => void {
		return this.holds.take();
	}

	async settle(): Promise<void> {
		this.startDue();
		await Promise.all(this.building.values());
	}

	async close(): Promise<void> {
		this.closed = true;
		await Promise.all(this.building.values());
	}

	private startDue(): void {
		for (const collection of this.waiting.values()) {
			if (this.closed || this.building.has(collection.id) || this.ready_.has(collection.id)) {
				continue;
			}

			const stop = new AbortController();
			this.stops.set(collection.id, stop);
			const build = this.build(collection, stop.signal).then(() => {
				this.problems?.resolve(`hnsw-index:${collection.name}`);
			}, (error: unknown) => {
				if (stop.signal.aborted) {
					this.log?.(`postgres: the HNSW index build of '${collection.name}' stopped for a bulk write; built again after it`);
					return;
				}

				const message = `building the HNSW index of '${collection.name}' failed (${(error as Error).message}); searches stay exact, and it is tried again after the next write`;
				if (this.problems) {
					this.problems.report(`hnsw-index:${collection.name}`, message);
				} else {
					this.log?.(`postgres: ${message}`);
				}
			}).finally(() => {
				this.building.delete(collection.id);
				this.stops.delete(collection.id);
			});
			this.building.set(collection.id, build);
		}

		this.waiting.clear();
	}

	private async build(collection: Collection, signal: AbortSignal): Promise<void> {
		const {vectors} = await contentCounts(this.pool, collection.id);
		if (vectors <= this.threshold || collection.dims === null) {
			return;
		}

		const started = performance.now();
		if (await buildHnswIndex(this.pool, collection, true, signal)) {
			this.log?.(`postgres: HNSW index of '${collection.name}' built over ${vectors} vectors in ${Math.round(performance.now() - started)} ms`);
		}
	}
}
