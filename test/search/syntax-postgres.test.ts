// The query syntax, min_score and explain on the PostgreSQL backend, through a real daemon on a real
// PostgreSQL over the wire protocol (PGlite with pgvector behind pglite-socket).
import test from 'ava';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {startPostgres, type PostgresServer} from '../helpers/pglite-server.js';
import {syntaxCases} from './syntax-cases.js';

let database: PostgresServer | undefined;
let daemon: RunningDaemon | undefined;

syntaxCases(test, async () => {
	database = await startPostgres();
	daemon = await startDaemon({MD_VECTOR_DATABASE_URL: database.url});
	await untilReady(daemon);
	return daemon;
}, async () => {
	await daemon?.stop();
	await database?.stop();
});
