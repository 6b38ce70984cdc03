import pg from 'pg';
import type {BackgroundProblems} from '../../background-problems.js';

/** int8 and numeric (counts, sums, ids) are parsed as numbers: md-vector's stay far below 2^53. */
const numberTypes = new Set<number>([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const types: pg.CustomTypesConfig = {
	getTypeParser: ((oid: number, format?: 'text' | 'binary') => numberTypes.has(oid) ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A pool of connections to the database at `url` (postgres://...), with md-vector's type parsing. A connection
 * the server dropped (restart, network) is removed from the pool and reported as a background problem until
 * a new one opens (the next query opens one).
 */
export function createPool(url: string, max = 8, problems?: BackgroundProblems): pg.Pool {
	// Set at connection start (no query of its own: nothing to wait for or to queue). hnsw.iterative_scan: an
	// HNSW search goes on until it has k rows (pgvector 0.8; older ones ignore it). jit: compiling a search's
	// plan costs more than running it. plan_cache_mode: a prepared statement (keyword-bm25.ts) is planned for the
	// values of each run, as an unnamed one is (the planner sees each query term). Options in the URL
	// (?options=...) take their place.
	const pool = new pg.Pool({connectionString: url, max, types, connectionTimeoutMillis: 30_000, options: '-c hnsw.iterative_scan=strict_order -c jit=off -c plan_cache_mode=force_custom_plan'});
	pool.on('error', error => {
		problems?.report('database', `lost a connection to the database (${error.message}); the next query opens a new one`);
	});
	pool.on('connect', () => {
		problems?.resolve('database');
	});
	return pool;
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
	const client = await pool.connect();
	try {
		return await transaction(client, async () => work(client));
	} finally {
		client.release();
	}
}

/** Runs `work` in one transaction on a connection the caller holds: committed when it resolves, rolled back when it throws. */
export async function transaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
	await client.query('BEGIN');
	try {
		const result = await work();
		await client.query('COMMIT');
		return result;
	} catch (error) {
		await client.query('ROLLBACK').catch(() => undefined);
		throw error;
	}
}
