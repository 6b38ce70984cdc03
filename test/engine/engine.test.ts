import {readFileSync, rmSync, writeFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {statsOf} from '../helpers/stats-of.js';
import type {Engine} from '../../daemon/engine/engine.js';
import type {SearchMode} from '../../daemon/engine/search/types.js';
import {toSearchResult} from '../../daemon/to-wire/search.js';
import {toDeleteResult, toIngestResult} from '../../daemon/to-wire/documents.js';
import {countingEmbedder, loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {openEmbeddedEngine, openEngine} from '../helpers/engine.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {writeNotes} from '../helpers/trees.js';

const guide = `---
title: Gardening guide
tags: [plants]
---

Intro about soil and compost.

## Tomatoes

Tomatoes need full sun and deep watering twice a week.

## Basil

Basil grows well beside tomatoes on a warm windowsill.
`;

const shell = '# Shell\n\nUse `Get-ChildItem` to list files in PowerShell.\n\n## Env\n\nThe variable snake_case_name is read at start.\n';
const japanese = '# 機械学習\n\n機械学習の基礎について説明します。\n';

const modes: SearchMode[] = ['keyword', 'semantic', 'hybrid'];

async function joined(parts: AsyncIterable<string>): Promise<string> {
	let text = '';
	for await (const part of parts) {
		text += part;
	}

	return text;
}

test('ingest then search in every mode with the generated model', async t => {
	const {engine} = openEngine(await loadTinyEmbedder());
	const result = await engine.ingest({content: guide, fileName: 'garden.md', collection: 'notes'});
	t.like(toIngestResult(result), {status: 'ok', chunks: 3, file: 'garden.md', collection: 'notes'});
	await engine.ingest({content: shell, fileName: 'shell.md', collection: 'notes'});
	for (const mode of modes) {
		const response = await engine.search({query: 'tomatoes watering sun', topK: 5, mode, collection: 'notes'});
		t.is(response.collection, 'notes');
		t.true(response.results.length > 0, mode);
		const ids = response.results.map(hit => hit.id);
		t.is(new Set(ids).size, ids.length, `${mode}: no chunk twice`);
		for (const hit of response.results) {
			t.deepEqual(Object.keys(toSearchResult(hit)).slice(0, 6), ['id', 'content', 'source_file', 'section_title', 'heading_level', 'score']);
		}
	}

	// Keyword ranking is real BM25, so its top hit is checkable; the random model's ranking is not.
	const keyword = await engine.search({query: 'tomatoes watering sun', topK: 5, mode: 'keyword', collection: 'notes'});
	t.like(keyword.results[0], {fileName: 'garden.md', sectionTitle: 'Tomatoes', headingLevel: 2});
	const identifier = await engine.search({query: 'Get-ChildItem', topK: 3, mode: 'keyword', collection: 'notes'});
	t.is(identifier.results[0]?.fileName, 'shell.md');
	t.deepEqual(await engine.collections(), [{name: 'notes', count: 5, documents: 2, sources: 0, lastSyncAt: null}]);
	await engine.close();
});

test('collapse keeps each document\'s best chunk only; both fusions return every chunk once', async t => {
	const {engine} = openEngine(await loadTinyEmbedder());
	const sections = Array.from({length: 6}, (_, index) => `## Part ${index}\n\nCompost heaps and compost bins, part ${index}.\n`).join('\n');
	await engine.ingest({content: `# Compost\n\n${sections}`, fileName: 'compost.md', collection: 'c'});
	await engine.ingest({content: '# Bins\n\nA compost bin in the yard.\n', fileName: 'bins.md', collection: 'c'});
	const all = await engine.search({query: 'compost bins', topK: 10, mode: 'keyword', collection: 'c'});
	t.is(all.results.length, 7, 'every chunk of both documents by default');
	const collapsed = await engine.search({query: 'compost bins', topK: 10, mode: 'keyword', collection: 'c', collapse: true});
	t.deepEqual(collapsed.results.map(hit => hit.fileName).sort(), ['bins.md', 'compost.md']);
	t.is(collapsed.results.find(hit => hit.fileName === 'compost.md')!.id, all.results.find(hit => hit.fileName === 'compost.md')!.id, 'the best chunk of the document');
	for (const fusion of ['rrf', 'convex'] as const) {
		const hybrid = await engine.search({query: 'compost bins', topK: 10, mode: 'hybrid', collection: 'c', fusion});
		t.is(new Set(hybrid.results.map(hit => hit.id)).size, 7, fusion);
	}

	await engine.close();
});

test('directory ingest --incremental: unchanged files skipped by hash, changed and new ones indexed', async t => {
	const {engine} = openEngine();
	const {mkdtempSync} = await import('node:fs');
	const os = await import('node:os');
	const root = mkdtempSync(path.join(os.tmpdir(), 'md-vector-incremental-'));
	writeFileSync(path.join(root, 'a.md'), '# A\n\nApples are red.\n');
	writeFileSync(path.join(root, 'b.md'), '# B\n\nBananas are yellow.\n');
	t.like(await engine.ingestDirectory('c', {directory: root, mode: 'incremental'}), {indexed: 2, unchanged: 0});
	writeFileSync(path.join(root, 'b.md'), '# B\n\nBlueberries are blue.\n');
	writeFileSync(path.join(root, 'c.md'), '# C\n\nCherries are dark.\n');
	const again = await engine.ingestDirectory('c', {directory: root, mode: 'incremental'});
	t.like(again, {totalFiles: 3, indexed: 2, unchanged: 1, failed: 0});
	t.deepEqual(again.files.map(file => [file.file, file.status]).sort((a, b) => a[0]!.localeCompare(b[0]!)), [['a.md', 'unchanged'], ['b.md', 'indexed'], ['c.md', 'indexed']]);
	const hit = await engine.search({query: 'blueberries', topK: 1, mode: 'keyword', collection: 'c'});
	t.is(hit.results[0]?.fileName, 'b.md');
	t.deepEqual((await engine.search({query: 'bananas', topK: 1, mode: 'keyword', collection: 'c'})).results, [], 'the old text is gone');
	await engine.close();
});

test('CJK queries find CJK chunks', async t => {
	const {engine} = openEngine();
	await engine.ingest({content: japanese, fileName: 'ml.md', collection: 'ja'});
	await engine.ingest({content: guide, fileName: 'garden.md', collection: 'ja'});
	const response = await engine.search({query: '機械学習', topK: 5, mode: 'keyword', collection: 'ja'});
	t.is(response.results[0]?.fileName, 'ml.md');
	t.is(response.results.length, 1);
	await engine.close();
});

test('a deleted document is never returned, also after a restart', async t => {
	const embedder = await loadTinyEmbedder();
	const {engine, dataDir} = openEngine(embedder);
	await engine.ingest({content: guide, fileName: 'garden.md', collection: 'c'});
	await engine.ingest({content: shell, fileName: 'dir/shell.md', collection: 'c'});
	const deleted = await engine.deleteDocument('c', 'garden.md');
	t.deepEqual(toDeleteResult(deleted), {status: 'ok', file: 'garden.md', collection: 'c', deleted_chunks: 3, collection_removed: false, source: null});
	await t.throwsAsync(engine.deleteDocument('c', 'garden.md'), {message: /does not exist/});
	const check = async (current: Engine) => {
		for (const mode of modes) {
			const response = await current.search({query: 'tomatoes basil soil', topK: 100, mode, collection: 'c'});
			t.false(response.results.some(hit => hit.fileName === 'garden.md'), mode);
		}

		t.is((await statsOf(current, 'c')).index_vectors, 2);
	};

	await check(engine);
	await engine.close();
	const reopened = openEmbeddedEngine({dataDir});
	reopened.setEmbedder({status: 'ready', embedder});
	await check(reopened);
	await reopened.close();
});

test('re-ingesting reuses vectors of unchanged chunks; incremental skips unchanged files; force re-embeds', async t => {
	const embedder = countingEmbedder(await loadTinyEmbedder());
	const {engine} = openEngine(embedder);
	await engine.ingest({content: guide, fileName: 'g.md', collection: 'c'});
	t.is(embedder.embedded, 3);
	await engine.ingest({content: guide.replace('twice a week', 'every day'), fileName: 'g.md', collection: 'c'});
	t.is(embedder.embedded, 4, 'only the edited chunk was embedded');
	const skipped = await engine.ingest({content: guide.replace('twice a week', 'every day'), fileName: 'g.md', collection: 'c', mode: 'incremental'});
	t.is(skipped.outcome, 'unchanged');
	t.is(embedder.embedded, 4);
	await engine.ingest({content: guide.replace('twice a week', 'every day'), fileName: 'g.md', collection: 'c', mode: 'force'});
	t.is(embedder.embedded, 7);
	t.is((await statsOf(engine, 'c')).chunks, 3, 'replacing a document keeps no old chunks');
	await engine.close();
});

test('without a model: keyword works, semantic says why, hybrid falls back and says so; vectors fill in later', async t => {
	const {engine} = openEngine();
	engine.setEmbedder({status: 'unavailable', modelId: 'bge-small-en-v1.5', reason: 'could not load model bge-small-en-v1.5'});
	await engine.ingest({content: guide, fileName: 'g.md', collection: 'c'});
	t.is((await engine.search({query: 'basil', topK: 3, mode: 'keyword', collection: 'c'})).results[0]?.sectionTitle, 'Basil');
	await t.throwsAsync(engine.search({query: 'basil', topK: 3, mode: 'semantic', collection: 'c'}), {message: /semantic search needs the embedding model: could not load/});
	const hybrid = await engine.search({query: 'basil', topK: 3, mode: 'hybrid', collection: 'c'});
	t.regex(hybrid.notice ?? '', /fell back to keyword/);
	t.true(hybrid.results.length > 0);
	t.is((await statsOf(engine, 'c')).vectors, 0);
	engine.setEmbedder({status: 'ready', embedder: await loadTinyEmbedder()});
	await engine.settled();
	t.like((await statsOf(engine, 'c')), {vectors: 3, index_vectors: 3, model: 'tiny', dims: 32});
	t.true((await engine.search({query: 'basil', topK: 3, mode: 'semantic', collection: 'c'})).results.length > 0);
	await engine.close();
});

test('a collection keeps its own model when the default changes; one whose model cannot be loaded refuses writes and says how to switch it', async t => {
	const tiny = await loadTinyEmbedder();
	const {engine, dataDir} = openEngine(tiny);
	await engine.ingest({content: guide, fileName: 'g.md', collection: 'c'});
	const other = {...tiny, modelId: 'other-model', dims: 64};
	engine.setEmbedder({status: 'ready', embedder: other});
	t.is((await engine.ingest({content: shell, fileName: 's.md', collection: 'c'})).outcome, 'indexed', 'embedded with tiny, its own model, still loaded');
	const hybrid = await engine.search({query: 'basil', topK: 3, mode: 'hybrid', collection: 'c'});
	t.is(hybrid.notice, undefined, 'the query is embedded with tiny too');
	t.like(await statsOf(engine, 'c'), {documents: 2, vectors: 5, model: 'tiny'});
	await engine.close();

	// Another start whose default is another model and which cannot load tiny (no loader: only its default).
	const later = openEmbeddedEngine({dataDir, settleDelayMs: 10});
	later.setEmbedder({status: 'ready', embedder: other});
	await t.throwsAsync(later.ingest({content: guide, fileName: 'g2.md', collection: 'c'}), {message: /collection 'c' holds vectors of tiny, which could not be loaded .*md-vector model use NAME -C c/});
	const fallback = await later.search({query: 'basil', topK: 3, mode: 'hybrid', collection: 'c'});
	t.regex(fallback.notice ?? '', /hybrid search fell back to keyword: collection 'c' holds vectors of tiny/);
	t.is((await statsOf(later, 'c')).documents, 2);
	await later.close();
});

test('bad names are refused with the field and the rule', async t => {
	const {engine} = openEngine();
	await t.throwsAsync(engine.ingest({content: 'x', fileName: 'a.md', collection: 'bad name!'}), {message: /^collection: must be 1-128 characters/});
	await t.throwsAsync(engine.ingest({content: 'x', fileName: '../etc/passwd', collection: 'c'}), {message: /^file_name: must not contain a '\.\.'/});
	await t.throwsAsync(engine.ingest({content: 'x', fileName: '', collection: 'c'}), {message: /^file_name: must be 1 to 255/});
	await t.throwsAsync(engine.search({query: 'x', topK: 3, mode: 'keyword', collection: 'missing'}), {message: /collection 'missing' does not exist/});
	await engine.close();
});

test('export then import restores search results without re-embedding', async t => {
	const embedder = countingEmbedder(await loadTinyEmbedder());
	const source = openEngine(embedder);
	await source.engine.ingest({content: guide, fileName: 'g.md', collection: 'c'});
	await source.engine.ingest({content: shell, fileName: 'd/s.md', collection: 'c'});
	const before = await source.engine.search({query: 'basil tomatoes', topK: 5, mode: 'hybrid', collection: 'c'});
	for (const format of ['json', 'jsonl'] as const) {
		const text = await joined(await source.engine.export('c', format));
		const target = openEngine(embedder);
		const embeddedBefore = embedder.embedded;
		t.deepEqual(await target.engine.import(text), {collection: 'c', documents: 2, chunks: 5, sources: [], renamed: 0});
		t.is(embedder.embedded, embeddedBefore, `${format}: nothing re-embedded`);
		const after = await target.engine.search({query: 'basil tomatoes', topK: 5, mode: 'hybrid', collection: 'c'});
		t.deepEqual(after.results.map(hit => toSearchResult(hit)), before.results.map(hit => toSearchResult(hit)), format); // as the API answers them (rowids are each store's own)
		await target.engine.close();
	}

	t.regex(await joined(await source.engine.export('c', 'csv')), /^id,source_file,section_title/);
	t.regex(await joined(await source.engine.export('c', 'md')), /## g\.md/);
	const target = openEngine(embedder);
	await t.throwsAsync(target.engine.import('{"format":"md-vector-export","version":1}'), {message: /^import: line 1: collection: /});
	await source.engine.close();
	await target.engine.close();
});

test('a missing or corrupt index file is rebuilt from the store on open', async t => {
	const embedder = await loadTinyEmbedder();
	const {engine, dataDir} = openEngine(embedder);
	await engine.ingest({content: guide, fileName: 'g.md', collection: 'c'});
	const before = await engine.search({query: 'basil', topK: 3, mode: 'semantic', collection: 'c'});
	await engine.close();
	const indexDir = path.join(dataDir, 'indexes');
	const files = readdirSync(indexDir);
	t.deepEqual(files.sort(), ['collection-1.faiss', 'collection-1.json']);
	for (const damage of [() => {
		writeFileSync(path.join(indexDir, 'collection-1.faiss'), 'garbage');
	}, () => {
		rmSync(path.join(indexDir, 'collection-1.faiss'));
	}]) {
		damage();
		const reopened = openEmbeddedEngine({dataDir});
		reopened.setEmbedder({status: 'ready', embedder});
		t.deepEqual((await reopened.search({query: 'basil', topK: 3, mode: 'semantic', collection: 'c'})).results, before.results);
		await reopened.close();
	}
});

const note = (n: number) => `# Note ${n}\n\nCompost and tomatoes, entry ${n}.\n\n## More ${n}\n\nBasil on the windowsill ${n}.\n`;

test('past the HNSW threshold the index becomes a graph once writes settle, is rebuilt when deletions pile up, and flat again when small', async t => {
	const embedder = await loadTinyEmbedder();
	const dataDir = path.join(temporaryDirectory(), 'data');
	const settings = {dataDir, settleDelayMs: 60_000, hnswThreshold: 12}; // settled by hand below
	const engine = openEmbeddedEngine(settings);
	engine.setEmbedder({status: 'ready', embedder});
	const exact = openEngine(embedder).engine;
	const sidecar = () => JSON.parse(readFileSync(path.join(dataDir, 'indexes', 'collection-1.json'), 'utf8')) as {kind?: string; rowids: number[]};
	for (let n = 0; n < 10; n++) {
		for (const current of [engine, exact]) {
			await current.ingest({content: note(n), fileName: `n${n}.md`, collection: 'c'});
		}
	}

	const same = async (current: Engine) => {
		for (const query of ['compost tomatoes', 'basil windowsill 7']) {
			const ids = async (from: Engine) => (await from.search({query, topK: 5, mode: 'semantic', collection: 'c'})).results.map(hit => hit.id);
			t.deepEqual(await ids(current), await ids(exact), query);
		}
	};

	t.like(await statsOf(engine, 'c'), {index_vectors: 20, index_kind: 'flat', index_rebuilding: 'hnsw'}, 'writes not settled yet: still exact');
	await same(engine);
	await engine.settleIndexes();
	t.like(await statsOf(engine, 'c'), {index_vectors: 20, index_kind: 'hnsw', index_rebuilding: null}, '20 vectors > 12: a graph');
	await engine.close();
	t.is(sidecar().kind, 'hnsw');
	const reopened = openEmbeddedEngine(settings);
	reopened.setEmbedder({status: 'ready', embedder});
	await same(reopened);
	for (const n of [0, 1]) {
		for (const current of [reopened, exact]) {
			await current.deleteDocument('c', `n${n}.md`);
		}
	}

	t.like(await statsOf(reopened, 'c'), {index_kind: 'hnsw', index_rebuilding: 'hnsw'}, 'more than 10% tombstones');
	await same(reopened);
	await reopened.settleIndexes();
	await reopened.close();
	t.false(sidecar().rowids.includes(-1), 'rebuilt without the tombstones');
	t.is(sidecar().kind, 'hnsw');
	const again = openEmbeddedEngine(settings);
	again.setEmbedder({status: 'ready', embedder});
	await same(again);
	for (const n of [2, 3, 4]) {
		for (const current of [again, exact]) {
			await current.deleteDocument('c', `n${n}.md`);
		}
	}

	await same(again);
	t.like(await statsOf(again, 'c'), {index_vectors: 10, index_rebuilding: 'flat'});
	await again.settleIndexes();
	await again.close();
	t.is(sidecar().kind, 'flat', '10 vectors: exact search again');
	await exact.close();
});

test('closing stops a pending index build and the next open does it; writes during a build are taken into the new index', async t => {
	const embedder = await loadTinyEmbedder();
	const dataDir = path.join(temporaryDirectory(), 'data');
	const lines: string[] = [];
	const settings = {dataDir, settleDelayMs: 60_000, hnswThreshold: 40, buildSlice: 1, log: (line: string) => lines.push(line)};
	const engine = openEmbeddedEngine(settings);
	engine.setEmbedder({status: 'ready', embedder});
	const exact = openEngine(embedder).engine;
	for (let n = 0; n < 30; n++) {
		for (const current of [engine, exact]) {
			await current.ingest({content: note(n), fileName: `n${n}.md`, collection: 'c'});
		}
	}

	await engine.close();
	t.is(JSON.parse(readFileSync(path.join(dataDir, 'indexes', 'collection-1.json'), 'utf8')).kind, 'flat', 'not built yet: written as it was');
	const reopened = openEmbeddedEngine(settings);
	reopened.setEmbedder({status: 'ready', embedder});
	t.like(await statsOf(reopened, 'c'), {index_vectors: 60, index_kind: 'flat', index_rebuilding: 'hnsw'});
	// One vector per build step: the writes below land between steps, until the graph takes the flat index's place.
	const settling = reopened.settleIndexes();
	let n = 0;
	while (n < 30 && (await statsOf(reopened, 'c')).index_kind === 'flat') {
		for (const current of [reopened, exact]) {
			await current.deleteDocument('c', `n${n}.md`);
			await current.ingest({content: note(100 + n), fileName: `m${n}.md`, collection: 'c'});
		}

		n++;
	}

	await settling;
	await reopened.settleIndexes(); // deletions taken in are tombstones in the new graph: past 10% it is built again
	const taken = /built in [\d.]+ s, (\d+) changes taken in while building/.exec(lines.join('\n'));
	t.true(Number(taken?.[1]) > 0, lines.join('\n'));
	t.like(await statsOf(reopened, 'c'), {vectors: 60, index_vectors: 60, index_kind: 'hnsw', index_rebuilding: null});
	for (const query of ['compost tomatoes', 'basil windowsill 107', 'entry 3']) {
		const ids = async (from: Engine) => (await from.search({query, topK: 10, mode: 'semantic', collection: 'c'})).results.map(hit => hit.id);
		t.deepEqual(await ids(reopened), await ids(exact), query);
	}

	await reopened.close();
	await exact.close();
});

test('a directory ingestion holds index builds off until it ends', async t => {
	const lines: string[] = [];
	// Writes of 8 chunks each, and no settling delay: without the hold a build would start between any two.
	const engine = openEmbeddedEngine({dataDir: path.join(temporaryDirectory(), 'data'), settleDelayMs: 0, hnswThreshold: 20, log: line => lines.push(line)});
	engine.setEmbedder({status: 'ready', embedder: await loadTinyEmbedder()});
	const report = await engine.ingestDirectory('c', {directory: writeNotes(4, 10), mode: 'default', groupChunks: 8});
	t.is(report.chunks, 80);
	await engine.settleIndexes();
	t.like(await statsOf(engine, 'c'), {index_vectors: 80, index_kind: 'hnsw', index_rebuilding: null});
	const merges = lines.filter(line => line.startsWith('keyword index merged'));
	t.deepEqual(lines.filter(line => !merges.includes(line)).map(line => line.replace(/[\d.]+ s/, 'T s')), ['collection \'c\': hnsw index of 80 vectors built in T s, 0 changes taken in while building']);
	t.is(merges.length, 1, 'the keyword index is merged once, after the ingestion, not between its writes');
	await engine.close();
});
