// Issue 16, item 2: a bad vector already in a store (let in by an older version) is left out of the index and
// reported, instead of failing every load of the collection's index (stats and semantic search answered 500).
import {rmSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import {openEmbeddedEngine, openEngine} from '../helpers/engine.js';
import {axisVector, base64Of, exportDocument, exportHeader, fixedEmbedder} from '../helpers/export-lines.js';

test('a NaN vector in the store: skipped and reported; stats and semantic search answer; deleting its document clears the report', async t => {
	const embedder = fixedEmbedder(axisVector(4, 1));
	const {engine, dataDir} = openEngine(embedder);
	await engine.import(JSON.stringify({...exportHeader('c'), documents: [
		exportDocument('good.md', 'compost heap', base64Of(axisVector(4, 1))),
		exportDocument('poisoned.md', 'tomato beds', base64Of(axisVector(4, 2))),
	]}));
	await engine.close();
	// What an older version stored: a NaN vector, and no index file that holds it (its add threw).
	const db = new Database(path.join(dataDir, 'md-vector.sqlite'));
	db.prepare('UPDATE chunks SET vector = ? WHERE content = ?').run(Buffer.from(Float32Array.from([Number.NaN, 0, 0, 0]).buffer), 'tomato beds');
	db.close();
	rmSync(path.join(dataDir, 'indexes'), {recursive: true});

	const reopened = openEmbeddedEngine({dataDir, settleDelayMs: 10});
	reopened.setEmbedder({status: 'ready', embedder});
	t.like(await reopened.stats('c'), {documents: 2, vectors: 2, index: {vectors: 1}});
	t.deepEqual((await reopened.search({query: 'q', mode: 'semantic', collection: 'c'})).results.map(result => result.fileName), ['good.md']);
	t.deepEqual((await reopened.search({query: 'tomato', mode: 'keyword', collection: 'c'})).results.map(result => result.fileName), ['poisoned.md'], 'keyword search still finds it');
	const [problem] = reopened.problems.list();
	t.is(problem?.source, 'vectors:c');
	t.regex(problem!.message, /collection 'c': 1 stored vector is unusable \(e\.g\. value 0 is NaN; vectors must have finite values/);

	await reopened.deleteDocument('c', 'poisoned.md');
	t.deepEqual(reopened.problems.list(), [], 'cleared once the chunk is gone');
	await reopened.close();

	const again = openEmbeddedEngine({dataDir, settleDelayMs: 10});
	again.setEmbedder({status: 'ready', embedder});
	t.like(await again.stats('c'), {documents: 1, vectors: 1, index: {vectors: 1}});
	t.deepEqual(again.problems.list(), []);
	await again.close();
});

test('an index file that left out unusable vectors is rebuilt at open, so they are reported again', async t => {
	const embedder = fixedEmbedder(axisVector(4, 1));
	const {engine, dataDir} = openEngine(embedder);
	await engine.import(JSON.stringify({...exportHeader('c'), documents: [exportDocument('good.md', 'a', base64Of(axisVector(4, 1))), exportDocument('zero.md', 'b', base64Of(axisVector(4, 3)))]}));
	await engine.close();
	const db = new Database(path.join(dataDir, 'md-vector.sqlite'));
	db.prepare('UPDATE chunks SET vector = ? WHERE content = ?').run(Buffer.alloc(16), 'b');
	db.close();
	rmSync(path.join(dataDir, 'indexes'), {recursive: true});
	for (let start = 0; start < 2; start++) { // the second start finds the file the first one wrote, without the zero vector
		const reopened = openEmbeddedEngine({dataDir, settleDelayMs: 10});
		reopened.setEmbedder({status: 'ready', embedder});
		t.like(await reopened.stats('c'), {vectors: 2, index: {vectors: 1}});
		t.regex(reopened.problems.list()[0]?.message ?? '', /it is all zeros/, `start ${start + 1}`);
		await reopened.settleIndexes();
		await reopened.close();
	}
});
