// The storage contract on the PostgreSQL backend, on a native PostgreSQL 18 with pgvector (test-database.ts):
// each test on a database of its own, so they run at once.
import test from 'ava';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {storageContract} from './contract.js';

storageContract(test, 'postgres', async () => {
	const database = await testDatabase();
	const storage = await PostgresStorage.open({url: database.url});
	const close = storage.close.bind(storage);
	storage.close = async () => {
		await close();
		await database.stop();
	};

	return storage;
});
