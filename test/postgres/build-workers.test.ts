// An HNSW build runs in one backend (no parallel workers) unless the database sets md_vector.build_workers
// (docs/postgresql.md): a build with workers took every core of a small server from the searches beside it.
import test, {type ExecutionContext} from 'ava';
import pg from 'pg';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {testDatabaseWithClient} from '../helpers/postgres/test-database.js';
import {fingerprint, vectorDocuments} from '../storage/fixtures.js';

/** A collection of 1,000 vectors built to HNSW (threshold 500) on a database whose md_vector.build_workers is `workers`. */
async function buildWith(t: ExecutionContext, workers: string): Promise<{kind: string; problems: string[]}> {
	const {database, client} = await testDatabaseWithClient(t);
	await client.query(`ALTER DATABASE ${pg.escapeIdentifier(database.name)} SET md_vector.build_workers = ${pg.escapeLiteral(workers)}`);
	const problems: string[] = [];
	const storage = await PostgresStorage.open({url: database.url, hnswThreshold: 500, settleDelayMs: 10, log: line => problems.push(line)});
	t.teardown(async () => storage.close());
	const collection = await storage.ensureCollection('c', 1);
	await storage.writeDocuments(collection, vectorDocuments('w', 100, 3), fingerprint);
	await storage.settle();
	return {kind: (await storage.vectorIndex((await storage.collection('c'))!)).kind, problems};
}

test('a database that sets md_vector.build_workers gets its builds with that many workers', async t => {
	t.is((await buildWith(t, '2')).kind, 'hnsw');
});

test('a value PostgreSQL refuses for max_parallel_maintenance_workers fails the build, saying so; searches stay exact', async t => {
	const {kind, problems} = await buildWith(t, 'lots');
	t.is(kind, 'flat');
	t.true(problems.some(line => line.includes('max_parallel_maintenance_workers')), problems.join('\n'));
});
