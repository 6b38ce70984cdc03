import {PGlite} from '@electric-sql/pglite';
import {vector} from '@electric-sql/pglite-pgvector';
import {PGLiteSocketServer} from '@electric-sql/pglite-socket';

export type PostgresServer = {
	/** postgres://... of the server, for MD_VECTOR_DATABASE_URL and PostgresStorage. */
	readonly url: string;
	readonly stop: () => Promise<void>;
};

/**
 * A real PostgreSQL (PGlite: PostgreSQL compiled to WebAssembly, with pgvector) served over the wire protocol
 * on a free loopback port, for tests and benchmarks: node-postgres and daemons connect to it as to any server.
 * PGlite is one session, which the socket server shares between connections (one transaction at a time).
 * MD_VECTOR_TEST_DATABASE_URL points the tests at a server of your own instead (one they may empty).
 */
export async function startPostgres(options: {maxConnections?: number} = {}): Promise<PostgresServer> {
	const external = process.env.MD_VECTOR_TEST_DATABASE_URL;
	if (external) {
		return {url: external, stop: async () => undefined};
	}

	const db = await PGlite.create({extensions: {vector}});
	const server = new PGLiteSocketServer({db, port: 0, host: '127.0.0.1', maxConnections: options.maxConnections ?? 64});
	await server.start();
	const {port} = server as unknown as {port: number};
	return {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		async stop() {
			await server.stop();
			await db.close();
		},
	};
}
