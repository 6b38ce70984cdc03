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
 */
export async function buildHnswIndex(pool: pg.Pool, collection: Collection, concurrently: boolean): Promise<boolean> {
	if (collection.dims === null) {
		return false;
	}

	const client = await pool.connect();
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
			await client.query(`CREATE INDEX ${how}${name} ON md_vector.chunks USING hnsw ((embedding::vector(${Number(collection.dims)})) vector_ip_ops)
				WITH (${parameters}) WHERE collection_id = ${Number(collection.id)} AND embedding IS NOT NULL`);
			// Statistics of the rows just written, so the planner takes the index now, not after autovacuum's next look.
			await client.query('ANALYZE md_vector.chunks');
			return true;
		} finally {
			await client.query('SELECT pg_advisory_unlock($1, $2)', lockKeys.indexBuild(collection.id));
		}
	} finally {
		client.release();
	}
}

/**
 * Drops the collection's HNSW index before a bulk write, so its rows go in without a graph insertion each (the
 * dearest part of a write by far: about ten times what building the graph afresh costs per vector); the
 * caller builds it again once the write ends (HnswBuilds). Concurrently, outside any transaction: searches go
 * on, exact meanwhile. Skipped (answers false) when another daemon holds the build lock (building it), or when
 * transactions using the table hold the drop off past `waitMs` (then the index may be left invalid: searches
 * leave it aside, and the next build drops it and builds it again).
 */
export async function dropHnswIndex(pool: pg.Pool, collection: Collection, waitMs = 5000): Promise<boolean> {
	const client = await pool.connect();
	try {
		const {rows} = await client.query<{locked: boolean}>('SELECT pg_try_advisory_lock($1, $2) AS locked', lockKeys.indexBuild(collection.id));
		if (!rows[0]?.locked) {
			return false;
		}

		try {
			if (await hnswState(client, collection.id) !== 'ready') {
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
