// Stores made before front matter was kept (issue 28) migrate on open, on both backends: their documents read
// with no front matter ({}) and match no front matter filter until they are written again.
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import Database from 'better-sqlite3';
import pg from 'pg';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {documentOf, fingerprint} from './fixtures.js';
import {downgradePostgresTo8, downgradeSqliteTo5} from './downgrades.js';

/** Writes a document, takes the store back to the schema before front matter, reopens it, and checks it. */
async function migrated(t: ExecutionContext, open: () => Promise<Storage>, downgrade: () => Promise<void>): Promise<void> {
	const before = await open();
	await before.writeDocuments(await before.ensureCollection('c', chunkerVersion), [documentOf('a.md', [{content: 'kiwi'}])], fingerprint);
	await before.close();
	await downgrade();
	const storage = await open();
	t.teardown(async () => storage.close());
	const collection = (await storage.collection('c'))!;
	t.deepEqual((await storage.document(collection, 'a.md'))?.meta, {}, 'an old document has no front matter');
	const filtered = async () => storage.keywordTopK([collection], keywordTerms('kiwi'), 5, [2, 1.5, 1], {meta: {status: 'draft'}});
	t.deepEqual(await filtered(), []);
	t.is((await storage.keywordTopK([collection], keywordTerms('kiwi'), 5, [2, 1.5, 1], {paths: ['*.md']})).length, 1, 'paths need no migration');
	await storage.writeDocuments(collection, [{...documentOf('a.md', [{content: 'kiwi'}]), meta: {status: 'draft'}}], fingerprint);
	t.is((await filtered()).length, 1, 're-ingested, it has its front matter');
}

test.serial('sqlite: a schema 3 store migrates to 5', async t => {
	const dataDir = path.join(temporaryDirectory(), 'data');
	await migrated(t, async () => EmbeddedStorage.open({dataDir, settleDelayMs: 10}), async () => {
		const db = new Database(path.join(dataDir, 'md-vector.sqlite'));
		db.exec(`${downgradeSqliteTo5} ALTER TABLE documents DROP COLUMN meta; ALTER TABLE documents DROP COLUMN meta_pairs; PRAGMA user_version = 3;`);
		db.close();
	});
});

test.serial('postgres: a schema 6 database migrates to 8', async t => {
	const server = await testDatabase();
	t.teardown(server.stop);
	await migrated(t, async () => PostgresStorage.open({url: server.url}), async () => {
		const client = new pg.Client(server.url);
		await client.connect();
		await client.query(`${downgradePostgresTo8} DROP INDEX md_vector.documents_meta_pairs; ALTER TABLE md_vector.documents DROP COLUMN meta, DROP COLUMN meta_pairs; DELETE FROM md_vector.schema_migrations WHERE version > 6`);
		await client.end();
	});
});
