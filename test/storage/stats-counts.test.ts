// Issue 37: a collection's counts (stats) were counted from the chunk rows, walking every page of their text and
// vectors on the daemon's main thread (80-120 ms at 62k chunks), and searches waited behind each stats call.
// Schema 8 answers them from a narrow covering index; a schema 7 store gets it on open, with the same counts.
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {schemaVersion} from '../../daemon/engine/storage/embedded/sqlite/schema.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {documentOf, fingerprint} from './fixtures.js';
import {downgradeSqliteTo7} from './downgrades.js';

const documents = [
	documentOf('a.md', [{content: 'one two three'}, {content: 'four five', vector: null}]),
	documentOf('b.md', [{content: 'six seven eight nine'}]),
];

test('stats count documents, chunks, vectors and tokens from the covering index, also after a schema 7 store migrates', async t => {
	const dataDir = path.join(temporaryDirectory(), 'data');
	const file = path.join(dataDir, 'md-vector.sqlite');
	const expected = {documents: 2, chunks: 3, vectors: 2, tokens: 3 + 2 + 4};
	const counts = async () => {
		const storage = EmbeddedStorage.open({dataDir, settleDelayMs: 10});
		try {
			return await storage.stats((await storage.collection('c'))!);
		} finally {
			await storage.close();
		}
	};

	const storage = EmbeddedStorage.open({dataDir, settleDelayMs: 10});
	await storage.writeDocuments(await storage.ensureCollection('c', chunkerVersion), documents, fingerprint);
	await storage.writeDocuments(await storage.ensureCollection('other', chunkerVersion), [documentOf('o.md', [{content: 'not counted here'}])], fingerprint);
	t.like(await storage.stats((await storage.collection('c'))!), expected);
	await storage.close();

	const db = new Database(file);
	const plan = db.prepare('EXPLAIN QUERY PLAN SELECT count(*), coalesce(sum(vector IS NOT NULL), 0), coalesce(sum(tokens), 0) FROM chunks WHERE collection_id = 1').all() as Array<{detail: string}>;
	t.true(plan.some(step => step.detail.includes('COVERING INDEX chunks_counts')), JSON.stringify(plan));
	db.exec(downgradeSqliteTo7);
	db.close();

	t.like(await counts(), expected, 'the same counts after the migration');
	const migrated = new Database(file, {readonly: true});
	t.is(migrated.pragma('user_version', {simple: true}), schemaVersion);
	t.is((migrated.prepare('SELECT count(*) AS n FROM sqlite_master WHERE name = \'chunks_counts\'').get() as {n: number}).n, 1);
	migrated.close();
});
