// Issue 37: an import's commit checkpointed the write-ahead log itself, on the daemon's main thread (about half
// of a 100 ms commit for 5,000 chunks), and its log fsync was the rest: searches waited. The import's connection
// now leaves checkpoints to a thread of their own and syncs the log off the main thread before it answers.
import {statSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {poll} from '../../source/client/poll.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {documentOf, fingerprint} from './fixtures.js';

test('an import is answered once committed; its log is then copied into the store file by the checkpoint thread', async t => {
	const dataDir = path.join(temporaryDirectory(), 'data');
	const file = path.join(dataDir, 'md-vector.sqlite');
	const storage = EmbeddedStorage.open({dataDir, settleDelayMs: 10});
	t.teardown(async () => storage.close());
	await storage.ensureCollection('c', chunkerVersion);
	const before = statSync(file).size;
	const documents = Array.from({length: 300}, (_, index) => documentOf(`d${index}.md`, [{content: `note ${index} about compost and soil ${'words '.repeat(40)}`}]));
	await storage.importDocuments('c', chunkerVersion, {sources: [], moves: [], async * groups() {
		yield documents;
	}}, fingerprint);
	t.like(await storage.stats((await storage.collection('c'))!), {documents: 300, chunks: 300, vectors: 300});

	// Another connection sees the commit; the log's frames reach the store file without any other commit.
	const reader = new Database(file, {readonly: true});
	t.is((reader.prepare('SELECT count(*) AS n FROM documents').get() as {n: number}).n, 300);
	reader.close();
	const grown = await poll(async () => (statSync(file).size > before ? statSync(file).size : undefined), 20_000, 50);
	t.true(grown !== undefined && grown > before, `the store file grew from ${before} bytes`);
});
