import type pg from 'pg';
import {redact} from '../redact-url.js';
import type {StorageDescription} from '../types.js';

/** The server's versions and this daemon's connections, for /health and `status`. */
export async function describeServer(pool: pg.Pool, url: string): Promise<StorageDescription> {
	const {rows: [row]} = await pool.query<{server: string; pgvector: string | null; database: string}>(`SELECT current_setting('server_version') AS server,
		(SELECT extversion FROM pg_extension WHERE extname = 'vector') AS pgvector, current_database() AS database`);
	return {
		backend: 'postgres',
		location: redact(url),
		database: row!.database,
		server: `PostgreSQL ${row!.server}`,
		pgvector: row!.pgvector ?? 'missing',
		pool: {open: pool.totalCount, busy: pool.totalCount - pool.idleCount, max: pool.options.max, waiting: pool.waitingCount},
	};
}
