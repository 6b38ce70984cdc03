import pg from 'pg';

/** The server a benchmark measured: versions and the settings that matter for md-vector (docs/postgresql.md). */
export async function serverDescription(url: string): Promise<string> {
	const client = new pg.Client(url);
	await client.connect();
	try {
		const {rows: [row]} = await client.query<Record<string, string>>(`SELECT current_setting('server_version') AS version,
			(SELECT extversion FROM pg_extension WHERE extname = 'vector') AS pgvector, current_setting('shared_buffers') AS shared_buffers,
			current_setting('work_mem') AS work_mem, current_setting('maintenance_work_mem') AS maintenance_work_mem`);
		return `PostgreSQL ${row!.version}, pgvector ${row!.pgvector ?? '(not yet created)'}; shared_buffers ${row!.shared_buffers}, work_mem ${row!.work_mem}, maintenance_work_mem ${row!.maintenance_work_mem}`;
	} finally {
		await client.end();
	}
}
