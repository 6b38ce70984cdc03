import pg from 'pg';

/** 64-bit integers and numerics (counts, sums, ids) as numbers: md-vector's stay far below 2^53. */
const types = {
	getTypeParser(oid: number, format?: 'text' | 'binary') {
		if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) {
			return (value: string) => Number(value);
		}

		return pg.types.getTypeParser(oid, format);
	},
} as pg.CustomTypesConfig;

/** A pool of connections to the database at `url` (postgres://...), with md-vector's type parsing. */
export function createPool(url: string, max = 8): pg.Pool {
	const pool = new pg.Pool({connectionString: url, max, types, connectionTimeoutMillis: 30_000});
	// A connection the server dropped (restart, network) is removed from the pool; the next query opens another.
	pool.on('error', () => undefined);
	return pool;
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
	const client = await pool.connect();
	try {
		await client.query('BEGIN');
		const result = await work(client);
		await client.query('COMMIT');
		return result;
	} catch (error) {
		await client.query('ROLLBACK').catch(() => undefined);
		throw error;
	} finally {
		client.release();
	}
}
