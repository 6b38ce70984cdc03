import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import Database from 'better-sqlite3';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {Store} from '../../daemon/engine/storage/embedded/sqlite/store.js';
import {KeywordThreads} from '../../daemon/engine/storage/embedded/keyword-threads.js';
import {keywordTopK} from '../../daemon/engine/storage/embedded/embedded-search.js';
import {toDocumentToWrite} from '../../daemon/engine/ingest/prepare-document.js';
import {chunkMarkdown, chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';

const weights = [2, 1.5, 1] as const;
const queries = ['parameter', 'Get-ChildItem example', 'the object type pipeline', 'remote session credential', 'syntax', 'pipeline input value'];

function ingest(store: Store, fileName: string, content: string, collection = 'docs'): void {
	const row = store.collection(collection) ?? store.ensureCollection(collection, chunkerVersion);
	store.writeDocuments(row, [toDocumentToWrite({fileName, byteSize: Buffer.byteLength(content), text: content, chunked: chunkMarkdown(content, fileName)}, new Map())]);
}

/** The thread's answer beside the daemon connection's own, query by query (scores to 9 places, rowids in order). */
async function compare(t: ExecutionContext, store: Store, thread: KeywordThreads, phrase?: string[], collection = 'docs'): Promise<number> {
	const {id} = store.collection(collection)!;
	let hits = 0;
	for (const query of queries) {
		const terms = keywordTerms(query);
		const filter = phrase ? {text: {phrases: [phrase], exclusions: []}} : undefined;
		const expected = store.keywords.top([id], terms, 30, weights, filter);
		const actual = await thread.topK({collectionIds: [id], terms, limit: 30, weights, ...(filter ? {filter} : {})});
		t.deepEqual(actual.map(hit => [hit.rowid, hit.score.toFixed(9)]), expected.map(hit => [hit.rowid, hit.score.toFixed(9)]), query);
		hits += actual.length;
	}

	return hits;
}

const root = path.join(sharedData, 'powershell-docs');

/** Every n-th Markdown file of the PowerShell docs, by name. */
function everyNth(n: number): string[] {
	return readdirSync(root, {recursive: true, withFileTypes: true})
		.filter(entry => entry.isFile() && entry.name.endsWith('.md'))
		.map(entry => path.relative(root, path.join(entry.parentPath, entry.name)))
		.sort()
		.filter((_, index) => index % n === 0);
}

test('the keyword threads rank as the daemon\'s connection does, whole or split in halves, and see every write committed there (its statistics too)', async t => {
	const file = path.join(temporaryDirectory(), 'store.sqlite');
	const store = Store.open(file);
	const whole = new KeywordThreads(file);
	// Every search split in two halves of the rowids, answered on both threads and merged.
	const split = new KeywordThreads(file, undefined, 1);
	t.teardown(async () => {
		await Promise.all([whole.close(), split.close()]);
		store.close();
	});
	const files = everyNth(25);
	const half = Math.floor(files.length / 2);
	for (const name of files.slice(0, half)) {
		ingest(store, name, readFileSync(path.join(root, name), 'utf8'));
	}

	for (const thread of [whole, split]) {
		t.true(await compare(t, store, thread) > 60);
	}

	// More documents and deletions on the daemon's connection: counts, lengths and term frequencies all change, and
	// the thread's kept statistics with them (a stale count would change every score).
	for (const name of files.slice(half)) {
		ingest(store, name, readFileSync(path.join(root, name), 'utf8'));
	}

	for (const name of files.filter((_, index) => index % 5 === 0)) {
		store.deleteDocument(store.collection('docs')!, name);
	}

	for (const thread of [whole, split]) {
		t.true(await compare(t, store, thread) > 60);
		t.true(await compare(t, store, thread, ['the', 'pipeline']) > 0, 'a phrase filter goes to the threads as well');
	}
});

test('a split search of one collection among several keeps to that collection\'s rows, with the same ranking as whole', async t => {
	const file = path.join(temporaryDirectory(), 'store.sqlite');
	const store = Store.open(file);
	const split = new KeywordThreads(file, undefined, 1);
	t.teardown(async () => {
		await split.close();
		store.close();
	});
	// Written in turns, so the two collections' rowids interleave and the searched one's range holds the other's rows.
	for (const [index, name] of everyNth(30).entries()) {
		ingest(store, name, readFileSync(path.join(root, name), 'utf8'), index % 2 === 0 ? 'docs' : 'other');
	}

	t.true(await compare(t, store, split) > 60);
	t.true(await compare(t, store, split, undefined, 'other') > 60);
	const {id} = store.collection('docs')!;
	// The halves cover the searched collection's rowids, first to last, and nothing twice.
	const rowids = [...store.reads.chunksOfDocument(id, everyNth(30)[0]!)].map(chunk => chunk.rowid);
	const answer = store.keywords.topOrHalves([id], keywordTerms('pipeline'), 10, weights, undefined, 1);
	t.true('halves' in answer);
	const [low, high] = (answer as {halves: Array<{from: number; to: number}>}).halves;
	t.is(low!.from, rowids[0]!);
	t.is(high!.from, low!.to + 1);
	t.true(high!.to > low!.to);
	const hits = await split.topK({collectionIds: [id], terms: keywordTerms('pipeline'), limit: 1000, weights});
	t.true(hits.length > 0);
	t.is(store.reads.chunks(id, hits.map(hit => hit.rowid)).size, hits.length, 'every hit a chunk of the collection searched');
});

test('a closed keyword thread refuses calls', async t => {
	const file = path.join(temporaryDirectory(), 'store.sqlite');
	const store = Store.open(file);
	ingest(store, 'a.md', '# A\n\nsome words\n');
	const thread = new KeywordThreads(file);
	const {id} = store.collection('docs')!;
	t.is((await thread.topK({collectionIds: [id], terms: keywordTerms('words'), limit: 5, weights})).length, 1);
	await thread.close();
	await t.throwsAsync(thread.topK({collectionIds: [id], terms: keywordTerms('words'), limit: 5, weights}), {message: /closed/});
	store.close();
});

test('a failing keyword thread is logged once until it answers again; searches answer on the main thread meanwhile', async t => {
	const folder = temporaryDirectory();
	const store = Store.open(path.join(folder, 'store.sqlite'));
	ingest(store, 'a.md', '# A\n\nsome words\n');
	// The thread is given a file of its own: one that is no database stops it as it starts, at every call.
	const threadFile = path.join(folder, 'thread.sqlite');
	writeFileSync(threadFile, 'not a database, '.repeat(1000));
	const lines: string[] = [];
	const thread = new KeywordThreads(threadFile, line => lines.push(line));
	t.teardown(async () => {
		await thread.close();
		store.close();
	});
	const search = async () => keywordTopK({store, keywordThreads: thread}, [store.collection('docs')!], keywordTerms('words'), 5, weights);

	for (let attempt = 0; attempt < 5; attempt++) {
		t.is((await search()).length, 1, 'answered on the main thread');
	}

	t.is(lines.length, 1, 'one line for the whole failure');
	t.regex(lines[0]!, /^the keyword thread failed \((?:.*not a database|SQLITE_NOTADB)\): keyword searches run on the main thread/);

	// A store the thread can open (holding two matching documents, the main one one): it answers again.
	rmSync(threadFile);
	const threadStore = Store.open(threadFile);
	ingest(threadStore, 'a.md', '# A\n\nsome words\n');
	ingest(threadStore, 'b.md', '# B\n\nmore words\n');
	threadStore.close();
	t.is((await search()).length, 2, 'answered by the thread');
	t.is(lines.length, 1);

	// It fails again (its table gone): a new failure, logged once more.
	const raw = new Database(threadFile);
	raw.exec('DROP TABLE chunks_fts');
	raw.close();
	for (let attempt = 0; attempt < 3; attempt++) {
		t.is((await search()).length, 1, 'answered on the main thread');
	}

	t.is(lines.length, 2);
	t.regex(lines[1]!, /^the keyword thread failed \(.*chunks_fts.*\)/);
});
