import type pg from 'pg';
import type {BoardJob, JobBoard, JobRecord} from '../job-board.js';
import {int4Key, lockKeys} from './lock-keys.js';

/** Finished jobs are kept this long (a job's id is only handed to whoever started it). */
const keptDays = 7;

const uuid = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i;

/**
 * The jobs of every daemon of the database, in `md_vector.jobs` (migration 5): the job as the API shows it,
 * written by the daemon running it (at its start, as it progresses, at its end), read by any. While a job runs,
 * its daemon holds a session lock on the connection it writes it with: a daemon that dies loses the
 * connection and the lock, so a reader tells a running job from an abandoned one without waiting for a timeout.
 */
export class PostgresJobBoard implements JobBoard {
	constructor(private readonly pool: pg.Pool) {
		// Nothing to open: each running job takes a connection of its own.
	}

	async begin(job: BoardJob): Promise<JobRecord> {
		const client = await this.pool.connect();
		const lock = lockKeys.runningJob(int4Key(job.id));
		try {
			// Taken before the row exists, so no reader ever sees a running job without its lock held. Tried, not
			// waited for: a hash shared with another running job only makes readers see both as alive.
			await client.query('SELECT pg_try_advisory_lock($1, $2)', lock);
			await client.query(`DELETE FROM md_vector.jobs WHERE updated_at < now() - make_interval(days => ${keptDays})`);
			await client.query('INSERT INTO md_vector.jobs (id, state, job) VALUES ($1, $2, $3)', [job.id, job.state, JSON.stringify(job)]);
		} catch (error) {
			client.release(error as Error); // closed, which releases the lock too
			throw error;
		}

		const save = async (current: BoardJob) => {
			const {rows} = await client.query<{cancel: boolean}>('UPDATE md_vector.jobs SET state = $2, job = $3, updated_at = now() WHERE id = $1 RETURNING cancel_requested AS cancel', [
				current.id, current.state, JSON.stringify(current),
			]);
			return {cancelRequested: rows[0]?.cancel ?? false};
		};

		return {
			save,
			async end(final) {
				try {
					await save(final);
					await client.query('SELECT pg_advisory_unlock_all()');
					client.release();
				} catch (error) {
					client.release(error as Error);
					throw error;
				}
			},
		};
	}

	async read(id: string): Promise<BoardJob | undefined> {
		if (!uuid.test(id)) {
			return undefined;
		}

		const [kind, key] = lockKeys.runningJob(int4Key(id));
		// Running, yet nobody holds its lock: the daemon running it is gone. Whoever takes the lock to see lets go at once.
		const {rows: [row]} = await this.pool.query<{job: BoardJob; updatedAt: Date; orphaned: boolean}>(`SELECT job, updated_at AS "updatedAt",
			state = 'running' AND CASE WHEN pg_try_advisory_lock($2, $3) THEN pg_advisory_unlock($2, $3) ELSE false END AS orphaned
			FROM md_vector.jobs WHERE id = $1`, [id, kind, key]);
		if (!row) {
			return undefined;
		}

		return row.orphaned
			? {
				...row.job, state: 'failed', finished_at: row.updatedAt.toISOString(),
				error: 'the daemon running this job stopped before it ended (it was killed, or lost its connection to the database); what it had written is kept',
			}
			: row.job;
	}

	async requestCancel(id: string): Promise<BoardJob | undefined> {
		if (!uuid.test(id)) {
			return undefined;
		}

		await this.pool.query('UPDATE md_vector.jobs SET cancel_requested = true WHERE id = $1 AND state = \'running\'', [id]);
		return this.read(id);
	}
}
