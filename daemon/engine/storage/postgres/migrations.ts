import type pg from 'pg';
import {lockKeys} from './lock-keys.js';
import {transaction} from './pool.js';
import {migrations, schemaVersion} from './schema.js';

/**
 * Brings the database's schema to this version's, once, however many daemons start together: each runs this
 * in one transaction that first takes the migration lock, so the others wait, then find nothing left to do.
 * A database migrated by a newer md-vector is refused (this version would not know its tables).
 */
export async function migrate(client: pg.ClientBase): Promise<{from: number; to: number}> {
	return transaction(client, async () => {
		await client.query('SELECT pg_advisory_xact_lock($1, $2)', lockKeys.migrations);
		await client.query('CREATE SCHEMA IF NOT EXISTS md_vector');
		await client.query('CREATE TABLE IF NOT EXISTS md_vector.schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
		const {rows} = await client.query<{version: number | null}>('SELECT max(version) AS version FROM md_vector.schema_migrations');
		const from = rows[0]?.version ?? 0;
		if (from > schemaVersion) {
			throw new Error(`the database's md-vector schema is version ${from}, newer than this md-vector knows (${schemaVersion}): upgrade md-vector`);
		}

		for (const step of migrations.filter(migration => migration.version > from)) {
			await client.query(step.sql);
			await client.query('INSERT INTO md_vector.schema_migrations (version) VALUES ($1)', [step.version]);
		}

		return {from, to: schemaVersion};
	});
}
