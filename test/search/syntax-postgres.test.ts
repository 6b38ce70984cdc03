// The query syntax, min_score and explain on the PostgreSQL backend, through a real daemon on a real
// native PostgreSQL 18 with pgvector (a database of this file's own: test-database.ts).
import test from 'ava';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';
import {syntaxCases} from './syntax-cases.js';

let database: TestDatabase | undefined;
let daemon: RunningDaemon | undefined;

syntaxCases(test, async () => {
	database = await testDatabase();
	daemon = await startDaemon({MD_VECTOR_DATABASE_URL: database.url});
	await untilReady(daemon);
	return daemon;
}, async () => {
	await daemon?.stop();
	await database?.stop();
});
