// The storage contract, part two: folder sources, document moves, kept texts, and deleting or renaming a
// collection (issue 18). Registered by storageContract for every backend.
import type {TestFn} from 'ava';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, FieldWeights, NewSource} from '../../daemon/engine/storage/types.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {documentOf, fingerprint, vectorOf} from './fixtures.js';

const weights: FieldWeights = [2, 1.5, 1];

const folder = (path: string, label: string): NewSource => ({path, label, include: [], exclude: [], ignoreFiles: true, hidden: false, watch: false});

type Open = (t: {teardown: (fn: () => Promise<void>) => void}) => Promise<{storage: Storage; collection: Collection}>;

/** Keyword hits of a query as `file#ordinal`, to see what a collection still ranks. */
async function ranked(storage: Storage, collection: Collection, query: string): Promise<string[]> {
	const hits = await storage.keywordTopK([collection], keywordTerms(query), 20, weights);
	const names = new Map<number, string>();
	for (const document of await storage.documents(collection)) {
		for (const chunk of await storage.chunksOfDocument(collection, document.fileName)) {
			names.set(chunk.rowid, `${document.fileName}#${chunk.ordinal}`);
		}
	}

	return hits.map(hit => names.get(hit.rowid) ?? `gone:${hit.rowid}`).sort();
}

export function sourcesContract(test: TestFn, name: string, open: Open): void {
	test(`${name}: sources are added, listed, changed and removed with their documents`, async t => {
		const {storage, collection} = await open(t);
		const notes = await storage.addSource(collection, {...folder('/data/notes', 'notes'), include: ['**/*.md'], watch: true});
		t.like(notes, {path: '/data/notes', label: 'notes', ignoreFiles: true, hidden: false, watch: true, lastSyncAt: null, lastSync: null});
		t.deepEqual(notes.include, ['**/*.md']);
		const work = await storage.addSource(collection, folder('/data/work', 'work'));
		await t.throwsAsync(storage.addSource(collection, folder('/data/notes', 'other')), {message: /already a source/});
		await t.throwsAsync(storage.addSource(collection, folder('/data/elsewhere', 'work')), {message: /label: 'work' is taken/});
		t.deepEqual((await storage.sources(collection)).map(source => source.label), ['notes', 'work']);

		const counts = {added: 1, changed: 0, renamed: 0, removed: 0, unchanged: 0, failed: 0, conflicts: 0, skipped: 2};
		const updated = await storage.updateSource(collection, work.id, {hidden: true, lastSync: {at: '2026-01-02T03:04:05.000Z', counts}});
		t.like(updated, {hidden: true, label: 'work', lastSyncAt: '2026-01-02T03:04:05.000Z'});
		t.deepEqual(updated.lastSync, counts);
		await t.throwsAsync(storage.updateSource(collection, notes.id, {label: 'work'}), {message: /taken/});

		await storage.writeDocuments(collection, [
			{...documentOf('notes/a.md', [{content: 'apple pie'}]), sourceId: notes.id, relativePath: 'a.md', fileSize: 16, mtimeMs: 1234.5, ctimeMs: 1300.25, sourcePath: '/data/notes/a.md', text: '# a\n\napple pie\n'},
			{...documentOf('work/a.md', [{content: 'apple tart'}]), sourceId: work.id, relativePath: 'a.md', mtimeMs: 99},
			documentOf('loose.md', [{content: 'apple crumble'}]),
		], fingerprint);
		t.like(await storage.document(collection, 'notes/a.md'), {sourceId: notes.id, relativePath: 'a.md', fileSize: 16, mtimeMs: 1234.5, ctimeMs: 1300.25, byteSize: 100}, 'the file stamp as written');
		t.like(await storage.document(collection, 'loose.md'), {sourceId: null, relativePath: null, fileSize: null, mtimeMs: null, ctimeMs: null});
		t.is(await storage.documentText(collection, 'notes/a.md'), '# a\n\napple pie\n');
		t.is(await storage.documentText(collection, 'loose.md'), undefined, 'no text given: none kept');

		t.deepEqual(await storage.removeSource(collection, work.id), {documents: 1, chunks: 1});
		t.deepEqual((await storage.sources(collection)).map(source => source.label), ['notes']);
		t.deepEqual(await ranked(storage, collection, 'apple'), ['loose.md#0', 'notes/a.md#0'], 'the source\'s documents are gone, others stay');
		t.is((await storage.vectorTopK(collection, vectorOf('apple tart'), 10)).length, 2, 'its vectors too');
		await t.throwsAsync(storage.removeSource(collection, work.id), {message: /does not exist/});
	});

	test(`${name}: documents move in one transaction, through chains and cycles, keeping their vectors`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, ['a.md', 'b.md', 'c.md', 'gone.md'].map(file => documentOf(file, [{content: `text of ${file}`}])), fingerprint);
		const before = new Map<string, {rowid: number; id: string}>();
		for (const file of ['a.md', 'b.md', 'c.md']) {
			const [chunk] = await storage.chunksOfDocument(collection, file);
			before.set(file, {rowid: chunk!.rowid, id: chunk!.id});
		}

		const place = {sourceId: null, relativePath: null, sourcePath: null, mtimeMs: null};
		// a <-> b swap names (a cycle), c moves to gone.md's name after gone.md is deleted in the same call.
		await storage.moveDocuments(collection, {remove: ['gone.md'], move: [
			{from: 'a.md', to: 'b.md', ...place, sourcePath: '/data/b.md'}, {from: 'b.md', to: 'a.md', ...place}, {from: 'c.md', to: 'gone.md', ...place, fileSize: 12, mtimeMs: 7, ctimeMs: 8.5},
		]});
		t.deepEqual((await storage.documents(collection)).map(document => document.fileName), ['a.md', 'b.md', 'gone.md']);
		const [nowB] = await storage.chunksOfDocument(collection, 'b.md');
		t.is(nowB!.content, 'text of a.md');
		t.is(nowB!.rowid, before.get('a.md')!.rowid, 'the same chunk row: nothing re-written');
		t.not(nowB!.id, before.get('a.md')!.id, 'its id follows its new name');
		t.like(await storage.document(collection, 'gone.md'), {fileSize: 12, mtimeMs: 7, ctimeMs: 8.5}, 'a move records the file\'s stamp');
		// A moved document reads from its new file: search hits, get and changed-on-disk see the new path.
		t.like(await storage.document(collection, 'b.md'), {sourcePath: '/data/b.md'});
		t.is(nowB!.sourcePath, '/data/b.md');
		t.is((await storage.chunks(collection, [nowB!.rowid])).get(nowB!.rowid)!.sourcePath, '/data/b.md');
		t.like(await storage.document(collection, 'a.md'), {sourcePath: null});
		t.is((await storage.vectorTopK(collection, vectorOf('text of c.md'), 1))[0]!.rowid, before.get('c.md')!.rowid, 'vectors stay');
		t.like(await storage.stats(collection), {documents: 3, chunks: 3, vectors: 3});

		await t.throwsAsync(storage.moveDocuments(collection, {remove: ['a.md'], move: [{from: 'b.md', to: 'gone.md', ...place}]}), {message: /'gone\.md' is the name of another document/}, 'a name left taken');
		t.deepEqual((await storage.documents(collection)).map(document => document.fileName), ['a.md', 'b.md', 'gone.md'], 'a refused call changes nothing');
		await t.throwsAsync(storage.moveDocuments(collection, {remove: [], move: [{from: 'nope.md', to: 'x.md', ...place}]}), {message: /nope\.md/});
	});

	test(`${name}: a collection is deleted whole, or renamed keeping everything`, async t => {
		const {storage, collection} = await open(t);
		const other = await storage.ensureCollection('other', chunkerVersion);
		await storage.addSource(collection, folder('/data/c', 'c'));
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'pear one'}, {content: 'pear two'}]), documentOf('b.md', [{content: 'pear three'}])], fingerprint);
		await storage.writeDocuments(other, [documentOf('a.md', [{content: 'pear elsewhere'}])], fingerprint);

		const renamed = await storage.renameCollection(collection, 'renamed');
		t.like(renamed, {id: collection.id, name: 'renamed', modelId: fingerprint.modelId});
		t.is(await storage.collection('c'), undefined);
		await t.throwsAsync(storage.renameCollection(renamed, 'other'), {message: /collection 'other' already exists/});
		t.deepEqual(await ranked(storage, renamed, 'pear'), ['a.md#0', 'a.md#1', 'b.md#0']);
		t.is((await storage.sources(renamed)).length, 1, 'sources follow');
		t.is((await storage.vectorTopK(renamed, vectorOf('pear three'), 1)).length, 1);
		// The old name again, with the same documents: chunk ids must not collide with the renamed collection's.
		const again = await storage.ensureCollection('c', chunkerVersion);
		await storage.writeDocuments(again, [documentOf('a.md', [{content: 'pear one'}, {content: 'pear two'}])], fingerprint);
		t.is((await storage.chunksOfDocument(again, 'a.md')).length, 2);

		t.deepEqual(await storage.deleteCollection(renamed), {documents: 2, chunks: 3, sources: 1});
		t.is(await storage.collection('renamed'), undefined);
		t.deepEqual((await storage.collections()).map(entry => entry.name), ['c', 'other']);
		t.deepEqual(await ranked(storage, other, 'pear'), ['a.md#0'], 'other collections keep their documents');
		t.is((await storage.vectorTopK(other, vectorOf('pear elsewhere'), 5)).length, 1);
		const fresh = await storage.ensureCollection('renamed', chunkerVersion);
		t.deepEqual(await storage.documents(fresh), [], 'a new collection of the deleted name starts empty');
	});
}
