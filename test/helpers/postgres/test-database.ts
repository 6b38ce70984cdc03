// A database of its own for each test file (or test): files run in parallel on one server, each in its own
// database, created empty (with pgvector) and dropped after. The server is the one `npm test` starts for the
// whole run (with-test-server.ts sets MD_VECTOR_TEST_DATABASE_URL), a server of your own named by that
// variable (its role needs CREATEDB), or else, for a test file run alone, one started for this process.
import {randomBytes} from 'node:crypto';
import pg from 'pg';
import {startNativeServer, type NativeServer} from './native-server.js';

export type TestDatabase = {
	/** postgres://... of the new database: for MD_VECTOR_DATABASE_URL and PostgresStorage. */
	readonly url: string;
	/** The database's name. */
	readonly name: string;
	/** Drops the database (closing whatever is still connected to it). */
	stop(): Promise<void>;
};

/** Settings of a throwaway test server: nothing it holds must survive a crash, so nothing waits for the disk. */
export const testServerSettings: Record<string, string> = {fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300'};

let ownServer: Promise<NativeServer> | undefined;

async function serverUrl(): Promise<string> {
	const given = process.env.MD_VECTOR_TEST_DATABASE_URL;
	if (given) {
		return given;
	}

	// Stopped when this process exits (native-server.ts), so the tests of this file share it.
	ownServer ??= startNativeServer(testServerSettings);
	return (await ownServer).url;
}

async function asAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client(url);
	await client.connect();
	try {
		return await work(client);
	} finally {
		await client.end();
	}
}

export async function testDatabase(): Promise<TestDatabase> {
	const admin = await serverUrl();
	const name = `md_vector_test_${process.pid}_${randomBytes(4).toString('hex')}`;
	await asAdmin(admin, async client => client.query(`CREATE DATABASE ${name}`));
	const url = new URL(admin);
	url.pathname = `/${name}`;
	// Made here as the server's superuser: a role that may only create databases could not (pgvector is not trusted).
	await asAdmin(url.href, async client => client.query('CREATE EXTENSION IF NOT EXISTS vector'));
	return {
		url: url.href,
		name,
		async stop() {
			await asAdmin(admin, async client => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
		},
	};
}

/** A test database with a client connected to it, both gone when the test `t` ends. */
export async function testDatabaseWithClient(t: {teardown(done: () => Promise<void>): void}): Promise<{database: TestDatabase; client: pg.Client}> {
	const database = await testDatabase();
	const client = new pg.Client(database.url);
	await client.connect();
	t.teardown(async () => {
		await client.end();
		await database.stop();
	});
	return {database, client};
}

/** The URL as a daemon names it in its log: the password (the test server has one) as ***. */
export function loggedUrl(url: string): string {
	const shown = new URL(url);
	shown.password &&= '***';

	return shown.href;
}
