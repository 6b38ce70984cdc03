// The storage contract on the PostgreSQL backend, against a real PostgreSQL over the wire protocol (PGlite with
// pgvector behind pglite-socket, started here). The tests run one after another on one database, each on an
// empty schema.
import test, {type TestFn} from 'ava';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {startPostgres, type PostgresServer} from '../helpers/pglite-server.js';
import {emptyDatabase} from '../helpers/empty-database.js';
import {storageContract} from './contract.js';

let server: PostgresServer;

test.before(async () => {
	server = await startPostgres();
});

test.after.always(async () => {
	await server?.stop();
});

storageContract(test.serial as unknown as TestFn, 'postgres', async () => {
	await emptyDatabase(server.url);
	return PostgresStorage.open({url: server.url});
}, {readsBesideTransactions: false});
