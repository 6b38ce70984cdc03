import {setTimeout} from 'node:timers/promises';
import type pg from 'pg';
import type {Collection} from '../types.js';
import {lockKeys} from './lock-keys.js';

export type Queryable = Pick<pg.ClientBase, 'query'>;

/** Graph parameters: pgvector's defaults (m 16, ef_construction 64); ef_search is set per query (vectors.ts). */
const parameters = 'm = 16, ef_construction = 64';

/**
 * A collection's HNSW index covers its rows up to a watermark: the largest chunk id of the collection when its
 * build started (ids only grow), in its predicate (`id <= W`) and its name. Rows written after go to the tail
 * (`id > W`), which searches scan exactly beside the graph (vectors.ts), so no write has to wait for graph
 * insertions, nor drop the index to avoid them; a new index with a newer watermark replaces it once the tail is
 * long (hnsw-builds.ts). `watermark` null: an index made before watermarks (named without one), covering every row.
 */
export type HnswIndex = {readonly name: string; readonly watermark: number | null; readonly valid: boolean};

export function hnswIndexName(collectionId: number, watermark: number): string {
	return `chunks_hnsw_${Number(collectionId)}_${Number(watermark)}`;
}

/** The name of an index of before watermarks (it covers every row of the collection, any written since too). */
function unwatermarkedName(collectionId: number): string {
	return `chunks_hnsw_${Number(collectionId)}`;
}

/** The collection's HNSW indexes, valid or not (a build under way, or one that died), by any daemon. */
export async function hnswIndexes(db: Queryable, collectionId: number): Promise<HnswIndex[]> {
	const bare = unwatermarkedName(collectionId);
	const {rows} = await db.query<{name: string; valid: boolean}>(`SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'md_vector' AND c.relname ~ $1`, [`^${bare}(_[0-9]+)?$`]);
	return rows.map(row => ({name: row.name, watermark: row.name === bare ? null : Number(row.name.slice(bare.length + 1)), valid: row.valid}));
}

/** The index searches use: the valid one with the newest watermark (one of before watermarks counts as newest). */
export function currentIndex(indexes: readonly HnswIndex[]): HnswIndex | undefined {
	const rank = (index: HnswIndex) => index.watermark ?? Number.POSITIVE_INFINITY;
	return indexes.filter(index => index.valid).sort((a, b) => rank(b) - rank(a))[0];
}

/** Whether the collection has a usable HNSW index, or only one being built (by any daemon), or none. */
export async function hnswState(db: Queryable, collectionId: number): Promise<'ready' | 'building' | 'none'> {
	const indexes = await hnswIndexes(db, collectionId);
	return currentIndex(indexes) ? 'ready' : (indexes.length > 0 ? 'building' : 'none');
}

/**
 * How many of the collection's vectors lie above the watermark (the tail searches scan exactly), counted up to
 * `cap` (enough to tell whether a rebuild is due, without counting a long tail through).
 */
export async function tailLength(db: Queryable, collectionId: number, watermark: number, cap: number): Promise<number> {
	const {rows} = await db.query<{count: number}>(`SELECT count(*)::int AS count FROM (SELECT 1 FROM md_vector.chunks
		WHERE collection_id = $1 AND id > $2 AND embedding IS NOT NULL LIMIT $3) AS tail`, [collectionId, watermark, cap]);
	return rows[0]!.count;
}

/**
 * Builds a new HNSW index of the collection (a partial expression index on its rows up to the watermark, cast to
 * its dimension) when `due` says so, unless another daemon is building one: the build lock is tried, not waited
 * for, and `due` is asked under it, with the collection's indexes as they stand. Concurrent, so writes and
 * searches (through the index it replaces) go on meanwhile; once it is valid the older ones are dropped. Indexes
 * left invalid by a build that died are dropped first, due or not. Answers the watermark built, or undefined.
 * `signal` stops a build under way (its statement cancelled: the index is left invalid, dropped by the next build).
 */
export async function buildHnswIndex(pool: pg.Pool, collection: Collection, due: (db: Queryable, indexes: readonly HnswIndex[]) => Promise<boolean>, signal?: AbortSignal): Promise<number | undefined> {
	if (collection.dims === null) {
		return undefined;
	}

	const client = await pool.connect();
	let broken = false;
	try {
		const {rows} = await client.query<{locked: boolean}>('SELECT pg_try_advisory_lock($1, $2) AS locked', lockKeys.indexBuild(collection.id));
		if (!rows[0]?.locked) {
			return undefined;
		}

		try {
			// None is being built while the lock is free: an invalid one is a build that died (or was cancelled).
			const found = await hnswIndexes(client, collection.id);
			const indexes = found.filter(index => index.valid);
			const dead = found.filter(index => !index.valid);
			const build = await due(client, indexes);
			if (!build && dead.length === 0) {
				return undefined;
			}

			return await withChunkIndexesLock(client, async () => {
				await dropIndexes(client, dead);
				if (!build) {
					return undefined;
				}

				const {rows: [top]} = await client.query<{watermark: number}>('SELECT coalesce(max(id), 0)::bigint AS watermark FROM md_vector.chunks WHERE collection_id = $1', [collection.id]);
				const watermark = Number(top!.watermark);
				await client.query('SET maintenance_work_mem = \'256MB\'');
				// One backend builds, unless the database says otherwise (md_vector.build_workers, docs/postgresql.md): with
				// parallel workers a build took every core of a small server, and searches beside it waited (semantic p99
				// 131 -> 89 ms during an import and its build on 2 cores; the build ~35 % longer; bench/RESULTS.md, issue 37).
				await client.query('SELECT set_config(\'max_parallel_maintenance_workers\', coalesce(nullif(current_setting(\'md_vector.build_workers\', true), \'\'), \'0\'), false)');
				const {rows: [backend]} = await client.query<{pid: number}>('SELECT pg_backend_pid() AS pid');
				// Only while the build runs: a cancel landing on a later statement (the unlock) could leave a lock held.
				const cancel = () => {
					pool.query('SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND state = \'active\' AND query LIKE \'CREATE INDEX%\'', [backend!.pid]).catch(() => undefined);
				};

				signal?.throwIfAborted();
				signal?.addEventListener('abort', cancel, {once: true});
				await client.query(`CREATE INDEX CONCURRENTLY ${hnswIndexName(collection.id, watermark)} ON md_vector.chunks USING hnsw ((embedding::vector(${Number(collection.dims)})) vector_ip_ops)
					WITH (${parameters}) WHERE collection_id = ${Number(collection.id)} AND embedding IS NOT NULL AND id <= ${watermark}`).finally(() => {
					signal?.removeEventListener('abort', cancel);
				});
				// Statistics of the rows just written, so the planner takes the index now, not after autovacuum's next look.
				await client.query('ANALYZE md_vector.chunks');
				await dropIndexes(client, indexes);
				return watermark;
			}, signal);
		} finally {
			// A connection that could not unlock is closed (its session's lock goes with it), not given back to the pool.
			broken = await client.query('SELECT pg_advisory_unlock($1, $2)', lockKeys.indexBuild(collection.id)).then(() => false, () => true);
		}
	} finally {
		client.release(broken);
	}
}

/**
 * Takes a session's advisory lock on `client`, waiting for it by trying again every `everyMs`, not in a statement:
 * a statement waiting is a transaction, which a concurrent index build or drop waits for in turn (it waits for
 * every transaction older than its snapshot), while holding the lock awaited: a deadlock.
 */
export async function takeSessionLock(client: Queryable, key: readonly number[], everyMs = 100, signal?: AbortSignal): Promise<void> {
	while (!(await client.query<{locked: boolean}>('SELECT pg_try_advisory_lock($1, $2) AS locked', [...key])).rows[0]?.locked) {
		signal?.throwIfAborted(); // a build stopped while it waits
		await setTimeout(everyMs);
	}
}

/**
 * Runs `work` holding the lock of index builds and drops on chunks (lockKeys.chunkIndexes), waited for: another
 * collection's build may hold it a while. The session's lock: taken and given back on `client`, outside any transaction.
 */
export async function withChunkIndexesLock<T>(client: Queryable, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
	await takeSessionLock(client, lockKeys.chunkIndexes, 100, signal);
	try {
		return await work();
	} finally {
		await client.query('SELECT pg_advisory_unlock($1, $2)', lockKeys.chunkIndexes);
	}
}

/**
 * Drops indexes concurrently (outside any transaction: searches and writes go on; one a search is using goes when
 * the search ends). Callers hold the collection's build lock, so none of them is being built, and the lock of
 * chunks' indexes (withChunkIndexesLock).
 */
export async function dropIndexes(client: Queryable, indexes: readonly HnswIndex[]): Promise<void> {
	for (const {name} of indexes) {
		await client.query(`DROP INDEX CONCURRENTLY IF EXISTS md_vector.${name}`);
	}
}
