// A collection's vector index that cannot be loaded: the failure is logged, the index is rebuilt from the store,
// and neither searches nor writes keep failing (a write committed by SQLite is never answered with an error
// because its index failed).
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import {Engine} from '../../daemon/engine/engine.js';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {acquireIndexThread, type IndexThreadLease} from '../../daemon/engine/storage/embedded/vector-index/index-thread.js';
import type {IndexOp} from '../../daemon/engine/storage/embedded/vector-index/thread-protocol.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {openEngine} from '../helpers/engine.js';
import {statsOf} from '../helpers/stats-of.js';

const guide = '# Guide\n\nCompost and soil.\n\n## Tomatoes\n\nTomatoes need sun.\n\n## Basil\n\nBasil likes warmth.\n';
const shell = '# Shell\n\nList files with Get-ChildItem.\n';

/** An engine whose collection 'c' holds the guide, closed: its index file written. */
async function closedEngine(embedder: Embedder): Promise<string> {
	const {engine, dataDir} = openEngine(embedder);
	await engine.ingest({content: guide, fileName: 'guide.md', collection: 'c'});
	await engine.close();
	return dataDir;
}

function reopen(dataDir: string, embedder: Embedder, lines: string[], thread?: IndexThreadLease): Engine {
	const engine = new Engine(EmbeddedStorage.open({dataDir, settleDelayMs: 10, log: line => lines.push(line), thread}));
	engine.setEmbedder({status: 'ready', embedder});
	return engine;
}

/** The real index thread, except that the next calls of the given operations fail. */
function failingThread(failures: IndexOp[]): IndexThreadLease {
	const real = acquireIndexThread();
	return {
		thread: {
			async call(op, request) {
				const at = failures.indexOf(op);
				if (at !== -1) {
					failures.splice(at, 1);
					throw new Error(`injected failure of ${op}`);
				}

				return real.thread.call(op, request);
			},
		},
		release: async () => real.release(),
	};
}

test('a load that fails, and whose rebuild fails too: logged, a write still succeeds, the next search rebuilds the index', async t => {
	const embedder = await loadTinyEmbedder();
	const dataDir = await closedEngine(embedder);
	const lines: string[] = [];
	const failures: IndexOp[] = ['load', 'create'];
	const engine = reopen(dataDir, embedder, lines, failingThread(failures)); // loads 'c' at start: both calls fail
	await t.notThrowsAsync(engine.ingest({content: shell, fileName: 'shell.md', collection: 'c'}), 'the store committed it: no error');
	t.deepEqual(failures, [], 'both injected failures happened');
	t.regex(lines.join('\n'), /collection 'c': loading its vector index failed \(injected failure of load\); rebuilding it from the store/);
	t.regex(lines.join('\n'), /problem \(index:c\): collection 'c': its vector index could not be loaded or rebuilt \(injected failure of create\); semantic search fails until it is, keyword search works; tried again on its next use/);
	const found = await engine.search({query: 'files', topK: 10, mode: 'semantic', collection: 'c'});
	t.deepEqual(found.results.map(hit => hit.fileName).sort(), ['guide.md', 'guide.md', 'guide.md', 'shell.md'], 'every stored chunk, the write during the failure included');
	t.regex(lines.join('\n'), /resolved \(index:c\)/, 'the problem clears once the index is loaded');
	t.like(await statsOf(engine, 'c'), {vectors: 4, index_vectors: 4});
	await engine.ingest({content: '# More\n\nMore text.\n', fileName: 'more.md', collection: 'c'});
	t.like(await statsOf(engine, 'c'), {vectors: 5, index_vectors: 5}, 'the rebuilt index follows writes again');
	await engine.close();
});

test('a stored vector the index cannot take is left out and logged; the rest is searchable and writable', async t => {
	const embedder = await loadTinyEmbedder();
	const dataDir = await closedEngine(embedder);
	const db = new Database(path.join(dataDir, 'md-vector.sqlite'));
	db.prepare('UPDATE chunks SET vector = ? WHERE id = (SELECT min(id) FROM chunks)').run(Buffer.from(new Float32Array([1, 0, 0]).buffer));
	db.close();
	rmSync(path.join(dataDir, 'indexes'), {recursive: true}); // rebuilt from the store, bad row and all
	const lines: string[] = [];
	const engine = reopen(dataDir, embedder, lines);
	const found = await engine.search({query: 'basil', topK: 10, mode: 'semantic', collection: 'c'});
	t.is(found.results.length, 2);
	t.regex(lines.join('\n'), /problem \(vectors:c\): collection 'c': 1 stored vector is unusable \(e\.g\. it has 3 dimensions, not 32; vectors must have finite values/);
	await t.notThrowsAsync(engine.ingest({content: shell, fileName: 'shell.md', collection: 'c'}));
	t.like(await statsOf(engine, 'c'), {vectors: 4, index_vectors: 3});
	t.is((await engine.search({query: 'basil', topK: 10, mode: 'keyword', collection: 'c'})).results[0]?.sectionTitle, 'Basil', 'keyword search has every chunk');
	await engine.close();
});

test('an index file that cannot be read is logged and rebuilt from the store', async t => {
	const embedder = await loadTinyEmbedder();
	const dataDir = await closedEngine(embedder);
	writeFileSync(path.join(dataDir, 'indexes', 'collection-1.faiss'), 'garbage');
	const lines: string[] = [];
	const engine = reopen(dataDir, embedder, lines);
	t.is((await engine.search({query: 'basil', topK: 10, mode: 'semantic', collection: 'c'})).results.length, 3);
	t.regex(lines.join('\n'), /collection 'c': its index file was not used \(.+\); rebuilt from the store/);
	await engine.close();
});
