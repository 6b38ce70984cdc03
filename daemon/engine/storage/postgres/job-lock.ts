import type pg from 'pg';
import {sha256} from '../../hash.js';
import {lockKeys} from './lock-keys.js';

/**
 * Runs `work` while this daemon owns the job `key` among every daemon on the database: a session advisory
 * lock on a connection of its own, held for the whole job. Another daemon asking for the same job waits
 * until it ends. A daemon that dies mid-job loses its connection, and with it the lock: nothing to clean up.
 */
export async function withJobLock<T>(pool: pg.Pool, key: string, work: () => Promise<T>): Promise<T> {
	const lock = lockKeys.job(Number.parseInt(sha256(key, 8), 16) | 0);
	const client = await pool.connect();
	try {
		await client.query('SELECT pg_advisory_lock($1, $2)', lock);
	} catch (error) {
		client.release(true);
		throw error;
	}

	try {
		return await work();
	} finally {
		// A connection that cannot unlock is closed instead, which releases the lock as surely.
		await client.query('SELECT pg_advisory_unlock($1, $2)', lock).then(() => {
			client.release();
		}, (error: unknown) => {
			client.release(error as Error);
		});
	}
}
