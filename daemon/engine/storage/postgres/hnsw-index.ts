import type pg from 'pg';
import type {Collection} from '../types.js';
import {lockKeys} from './lock-keys.js';

/** Graph parameters: pgvector's defaults (m 16, ef_construction 64); ef_search is set per query (vectors.ts). */
const parameters = 'm = 16, ef_construction = 64';

export function hnswIndexName(collectionId: number): string {
	return `chunks_hnsw_${Number(collectionId)}`;
}

/** Whether the collection's HNSW index exists and is usable, or is being built (by any daemon). */
export async function hnswState(db: Pick<pg.ClientBase, 'query'>, collectionId: number): Promise<'ready' | 'building' | 'none'> {
	const {rows} = await db.query<{valid: boolean}>(`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'md_vector' AND c.relname = $1`, [hnswIndexName(collectionId)]);
	return rows[0] ? (rows[0].valid ? 'ready' : 'building') : 'none';
}

/**
 * Builds the collection's HNSW index (a partial expression index on its rows, cast to its dimension), unless
 * another daemon is building it: the build lock is tried, not waited for. Concurrent, so writes go on
 * meanwhile; an index left invalid by a build that died is dropped and built again. Answers whether it built.
 * `signal` stops a build under way (its statement cancelled: the index is left invalid, dropped before the next).
 */
export async function buildHnswIndex(pool: pg.Pool, collection: Collection, concurrently: boolean, signal?: AbortSignal): Promise<boolean> {
	if (collection.dims === null) {
		return false;
	}

	const client = await pool.connect();
	let broken = false;
	try {
		const {rows} = await client.query<{locked: boolean}>('SELECT pg_try_advisory_lock($1, $2) AS locked', lockKeys.indexBuild(collection.id));
		if (!rows[0]?.locked) {
			return false;
		}

		try {
			const name = hnswIndexName(collection.id);
			const state = await hnswState(client, collection.id);
			if (state === 'ready') {
				return false;
			}

			const how = concurrently ? 'CONCURRENTLY ' : '';
			if (state === 'building') {
				await client.query(`DROP INDEX ${how}IF EXISTS md_vector.${name}`);
			}

			await client.query('SET maintenance_work_mem = \'256MB\'');
			const {rows: [backend]} = await client.query<{pid: number}>('SELECT pg_backend_pid() AS pid');
			// Only while the build runs: a cancel landing on a later statement (the unlock) could leave the lock held.
			const cancel = () => {
				pool.query('SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND state = \'active\' AND query LIKE \'CREATE INDEX%\'', [backend!.pid]).catch(() => undefined);
			};

			signal?.throwIfAborted();
			signal?.addEventListener('abort', cancel, {once: true});
			await client.query(`CREATE INDEX ${how}${name} ON md_vector.chunks USING hnsw ((embedding::vector(${Number(collection.dims)})) vector_ip_ops)
				WITH (${parameters}) WHERE collection_id = ${Number(collection.id)} AND embedding IS NOT NULL`).finally(() => {
				signal?.removeEventListener('abort', cancel);
			});
			// Statistics of the rows just written, so the planner takes the index now, not after autovacuum's next look.
			await client.query('ANALYZE md_vector.chunks');
			return true;
		} finally {
			// A connection that could not unlock is closed (its session's lock goes with it), not given back to the pool.
			broken = await client.query('SELECT pg_advisory_unlock($1, $2)', lockKeys.indexBuild(collection.id)).then(() => false, () => true);
		}
	} finally {
		client.release(broken);
	}
}

/**
 * Drops the collection's HNSW index before a bulk write, so its rows go in without a graph insertion each (the
 * dearest part of a write by far: about ten times what building the graph afresh costs per vector); the
 * caller builds it again once the write ends (HnswBuilds). Concurrently, outside any transaction: searches go
 * on, exact meanwhile. An invalid one (a build stopped or dead: none runs while the lock is free) goes too, as
 * rows would still go into it. Skipped (answers false) when there is none, when another daemon holds the build
 * lock (building it), or when transactions using the table hold the drop off past `waitMs` (then the index may
 * be left invalid: searches leave it aside, and the next build drops it and builds it again).
 */
export async function dropHnswIndex(pool: pg.Pool, collection: Collection, waitMs = 5000): Promise<boolean> {
	const client = await pool.connect();
	try {
		const {rows} = await client.query<{locked: boolean}>('SELECT pg_try_advisory_lock($1, $2) AS locked', lockKeys.indexBuild(collection.id));
		if (!rows[0]?.locked) {
			return false;
		}

		try {
			if (await hnswState(client, collection.id) === 'none') {
				return false;
			}

			await client.query(`SET lock_timeout = ${Number(waitMs)}`);
			try {
				await client.query(`DROP INDEX CONCURRENTLY IF EXISTS md_vector.${hnswIndexName(collection.id)}`);
				return true;
			} catch {
				return false;
			} finally {
				await client.query('RESET lock_timeout');
			}
		} finally {
			await client.query('SELECT pg_advisory_unlock($1, $2)', lockKeys.indexBuild(collection.id));
		}
	} finally {
		client.release();
	}
}
