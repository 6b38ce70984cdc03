import {setTimeout as sleep} from 'node:timers/promises';
import type pg from 'pg';
import {int4Key, lockKeys} from './lock-keys.js';

/** How often a daemon waiting for a job another one owns asks again. */
const retryMs = 250;

/**
 * Runs `work` while this daemon owns the job `key` among every daemon on the database: a session advisory
 * lock on a connection of its own, held for the whole job. A daemon asking for a job another one owns waits
 * (asking again, without holding a connection meanwhile) until it ends, or until `closing` aborts. A daemon
 * that dies mid-job loses its connection, and with it the lock: nothing is left to clean up.
 */
export async function withJobLock<T>(pool: pg.Pool, key: string, work: () => Promise<T>, closing: AbortSignal): Promise<T> {
	const lock = lockKeys.job(int4Key(key));
	let client: pg.PoolClient | undefined;
	while (!client) {
		closing.throwIfAborted();
		const candidate = await pool.connect();
		try {
			const {rows} = await candidate.query<{locked: boolean}>('SELECT pg_try_advisory_lock($1, $2) AS locked', lock);
			if (rows[0]?.locked) {
				client = candidate;
				continue;
			}

			candidate.release();
		} catch (error) {
			candidate.release(error as Error);
			throw error;
		}

		await sleep(retryMs, undefined, {signal: closing}).catch(() => undefined);
	}

	try {
		return await work();
	} finally {
		// A connection that cannot unlock is closed instead, which releases the lock as surely.
		const held = client;
		await held.query('SELECT pg_advisory_unlock($1, $2)', lock).then(() => {
			held.release();
		}, (error: unknown) => {
			held.release(error as Error);
		});
	}
}
