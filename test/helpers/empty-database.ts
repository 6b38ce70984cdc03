import pg from 'pg';

/** Drops md-vector's schema, so the next PostgresStorage.open starts from an empty database. */
export async function emptyDatabase(url: string): Promise<void> {
	const client = new pg.Client(url);
	await client.connect();
	try {
		await client.query('DROP SCHEMA IF EXISTS md_vector CASCADE');
	} finally {
		await client.end();
	}
}
