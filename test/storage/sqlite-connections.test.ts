// The embedded store's file has several connections in one daemon: the main one, each keyword thread's, an import's
// writer, the checkpoint thread's. A CI run failed an ingest with "database is locked": the second keyword thread
// opened the store (its migration check wrote user_version, a commit) while a write on the main connection had read
// and not yet written; SQLite answers such a write SQLITE_BUSY at once, without waiting.
import {createRequire} from 'node:module';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import test from 'ava';
import Database from 'better-sqlite3';
import {Store} from '../../daemon/engine/storage/embedded/sqlite/store.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {documentOf, fingerprint} from './fixtures.js';

const require = createRequire(import.meta.url);

function storeFile(): string {
	return path.join(temporaryDirectory(), 'md-vector.sqlite');
}

test('opening a current store commits nothing: a transaction under way on another connection still writes', t => {
	const file = storeFile();
	const main = Store.open(file);
	main.ensureCollection('c', chunkerVersion);
	const other = new Database(file);
	t.teardown(() => {
		other.close();
		main.close();
	});
	other.exec('BEGIN');
	const before = (other.prepare('SELECT count(*) AS n FROM collections').get() as {n: number}).n;
	const opened = Store.open(file); // As a keyword thread or an import's writer opens it.
	opened.close();
	t.notThrows(() => other.prepare('INSERT INTO collections (name, chunker_version, created_at) VALUES (?, ?, ?)').run('d', chunkerVersion, 'now'));
	other.exec('COMMIT');
	t.is((other.prepare('SELECT count(*) AS n FROM collections').get() as {n: number}).n, before + 1);
});

test('a write waits for another connection\'s write lock instead of failing at once, and lands', async t => {
	const file = storeFile();
	const main = Store.open(file);
	t.teardown(() => {
		main.close();
	});
	const collection = main.ensureCollection('c', chunkerVersion);
	// Another connection holds the write lock 300 ms on a thread of its own (as an import's writer or a migrating
	// connection would); the main connection's write starts meanwhile.
	const holder = new Worker(`
		const {parentPort, workerData} = require('node:worker_threads');
		const Database = require(workerData.module);
		const db = new Database(workerData.file);
		db.exec('BEGIN IMMEDIATE');
		db.prepare("INSERT INTO collections (name, chunker_version, created_at) VALUES ('held', 1, 'now')").run();
		parentPort.postMessage('locked');
		Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
		db.exec('COMMIT');
		db.close();
	`, {eval: true, workerData: {file, module: require.resolve('better-sqlite3')}});
	const exited = new Promise(resolve => holder.once('exit', resolve));
	await new Promise(resolve => holder.once('message', resolve));
	const change = main.writeDocuments(collection, [documentOf('a.md', [{content: 'one two three'}])], fingerprint);
	t.is(change.added.length, 1);
	t.deepEqual(main.documents(collection.id).map(document => document.fileName), ['a.md']);
	t.truthy(main.collection('held'), 'the other connection\'s write landed too');
	await exited;
});
