// The storage contract: what the engine relies on from any backend (daemon/engine/storage/storage.ts), as one
// suite that each backend runs with its own factory (sqlite.test.ts: the embedded one).
import type {TestFn} from 'ava';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, FieldWeights} from '../../daemon/engine/storage/types.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {seeded} from '../helpers/seeded.js';
import {dims, documentOf, fingerprint, randomCorpus, randomUnit, vectorOf} from './fixtures.js';
import {referenceRanking} from './reference-bm25.js';
import {sourcesContract} from './contract-sources.js';
import {importContract} from './contract-import.js';
import {rewritesContract} from './contract-rewrites.js';
import {filtersContract} from './contract-filters.js';
import {statisticsContract} from './contract-statistics.js';
import {switchContract} from './contract-switch.js';

/** Makes a new, empty backend; the suite closes it. */
export type BackendFactory = () => Promise<Storage>;

const weights: FieldWeights = [2, 1.5, 1];

export type ContractOptions = {
	/** Whether a read may run while a transaction of another connection is open (PGlite serves one session at a time: no). */
	readonly readsBesideTransactions?: boolean;
	/** Whether BM25 scores stay exact after deletes. */
	readonly exactScoresAfterDeletes?: boolean;
};

/** Registers the suite with `test` (the calling test file's ava), each test named after the backend. */
export function storageContract(test: TestFn, name: string, makeBackend: BackendFactory, {exactScoresAfterDeletes = true, readsBesideTransactions = true}: ContractOptions = {}): void {
	const open = async (t: {teardown: (fn: () => Promise<void>) => void}) => {
		const storage = await makeBackend();
		t.teardown(async () => storage.close());
		return {storage, collection: await storage.ensureCollection('c', chunkerVersion)};
	};

	/** Every chunk's key (`file#ordinal`) and content, by file name then order, read through the document calls. */
	const contents = async (storage: Storage, collection: Collection) => {
		const all: string[] = [];
		for (const document of await storage.documents(collection)) {
			for (const chunk of await storage.chunksOfDocument(collection, document.fileName)) {
				all.push(`${document.fileName}#${chunk.ordinal}: ${chunk.content}`);
			}
		}

		return all;
	};

	test(`${name}: documents are written, replaced and deleted whole`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'alpha one'}, {content: 'alpha two'}, {content: 'alpha three'}]), documentOf('b.md', [{content: 'beta one'}, {content: 'beta two'}])], fingerprint);
		t.deepEqual((await storage.documents(collection)).map(document => [document.fileName, document.chunkCount]), [['a.md', 3], ['b.md', 2]]);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'alpha again'}])], fingerprint);
		t.deepEqual(await contents(storage, collection), ['a.md#0: alpha again', 'b.md#0: beta one', 'b.md#1: beta two'], 'replacing keeps no old chunk');
		t.is(await storage.deleteDocument(collection, 'b.md'), 2);
		t.is(await storage.deleteDocument(collection, 'b.md'), undefined, 'absent: undefined');
		t.is(await storage.document(collection, 'b.md'), undefined);
		t.deepEqual(await storage.chunksOfDocument(collection, 'b.md'), []);
		t.deepEqual(await storage.keywordTopK([collection], keywordTerms('beta'), 10, weights), [], 'a deleted document is not ranked');
		t.is((await storage.vectorTopK(collection, vectorOf('beta one'), 10)).length, 1, 'nor its vectors');
		t.like(await storage.stats(collection), {documents: 1, chunks: 1, vectors: 1});
	});

	test(`${name}: a name given twice in one write keeps its last document, as two writes would`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'old apple'}])], fingerprint);
		await storage.writeDocuments(collection, [
			documentOf('a.md', [{content: 'first plum'}, {content: 'first fig'}]), documentOf('b.md', [{content: 'beta kiwi'}]), documentOf('a.md', [{content: 'second lime'}]),
		], fingerprint);
		t.deepEqual(await contents(storage, collection), ['a.md#0: second lime', 'b.md#0: beta kiwi']);
		t.deepEqual(await storage.keywordTopK([collection], keywordTerms('apple plum fig'), 10, weights), [], 'no posting of the copies replaced');
		t.like(await storage.stats(collection), {documents: 2, chunks: 2, vectors: 2});
	});

	test(`${name}: chunks read back as written, by document and by rowid, only from their collection`, async t => {
		const {storage, collection} = await open(t);
		const other = await storage.ensureCollection('other', chunkerVersion);
		await storage.writeDocuments(collection, [{...documentOf('guide.md', [{content: 'intro text'}, {content: 'install text', headings: ['Install', 'Linux']}]), sourcePath: '/notes/guide.md'}], fingerprint);
		await storage.writeDocuments(other, [documentOf('guide.md', [{content: 'elsewhere'}])], fingerprint);
		const chunks = await storage.chunksOfDocument(collection, 'guide.md');
		t.like(chunks[1], {fileName: 'guide.md', sourcePath: '/notes/guide.md', ordinal: 1, sectionTitle: 'Linux', headingLevel: 2, content: 'install text', startLine: 11, endLine: 19});
		t.deepEqual(chunks[1]!.headingPath, ['guide', 'Install', 'Linux']);
		t.like(await storage.document(collection, 'guide.md'), {fileName: 'guide.md', chunkCount: 2, sourcePath: '/notes/guide.md'});
		const [otherChunk] = await storage.chunksOfDocument(other, 'guide.md');
		const byRowid = await storage.chunks(collection, [chunks[1]!.rowid, otherChunk!.rowid, chunks[0]!.rowid]);
		t.deepEqual([...byRowid.keys()].sort((a, b) => a - b), [chunks[0]!.rowid, chunks[1]!.rowid].sort((a, b) => a - b), 'a rowid of another collection is not read');
		t.deepEqual(byRowid.get(chunks[1]!.rowid), chunks[1]);
		t.not(chunks[0]!.id, otherChunk!.id, 'chunk ids differ across collections');
	});

	test(`${name}: stored vectors are found by text hash, exactly`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'kept'}, {content: 'no vector', vector: null}])], fingerprint);
		const found = await storage.vectorsByHash(collection, ['text:kept', 'text:no vector', 'text:never written']);
		t.deepEqual([...found.keys()], ['text:kept']);
		t.deepEqual([...found.get('text:kept')!], [...vectorOf('kept')]);
		const other = await storage.ensureCollection('other', chunkerVersion);
		t.is((await storage.vectorsByHash(other, ['text:kept'])).size, 0, 'only from the same collection');
	});

	test(`${name}: a collection keeps the fingerprint of its first vectors and refuses another`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('keyword-only.md', [{content: 'no vectors yet', vector: null}])]);
		t.like(await storage.collection('c'), {modelId: null, dims: null});
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'first'}])], fingerprint);
		t.like(await storage.collection('c'), {modelId: fingerprint.modelId, dims});
		const other = {modelId: 'another-model', dims};
		await t.throwsAsync(storage.writeDocuments(collection, [documentOf('b.md', [{content: 'second'}])], other), {message: /holds vectors of contract-model/, instanceOf: Error});
		const [missing] = await storage.chunksWithoutVectors(collection, 10);
		await t.throwsAsync(storage.setVectors(collection, [{rowid: missing!.rowid, vector: vectorOf('x')}], other), {message: /holds vectors of contract-model/});
		await t.throwsAsync(storage.writeDocuments(collection, [documentOf('c.md', [{content: 'short', vector: new Float32Array(3)}])], fingerprint), {message: /c\.md: a vector has 3 dimensions/});
		t.is(await storage.document(collection, 'b.md'), undefined);
		t.like(await storage.stats(collection), {documents: 2, vectors: 1});
	});

	test(`${name}: keyword top-k equals the reference BM25 ranking`, async t => {
		const {storage, collection} = await open(t);
		const corpus = randomCorpus(40, 5);
		await storage.writeDocuments(collection, corpus, fingerprint);
		const keyOf = new Map<number, string>();
		for (const document of corpus) {
			for (const chunk of await storage.chunksOfDocument(collection, document.fileName)) {
				keyOf.set(chunk.rowid, `${document.fileName}#${chunk.ordinal}`);
			}
		}

		const next = seeded(3);
		let compared = 0;
		// The last one has more terms than a backend may plan one by one (postgres: keyword-bm25.ts).
		const many = ['compost', 'tomato', 'basil', 'garden', 'water', 'frost', 'mulch', ...Array.from({length: 40}, (_, index) => `absent${index}`)].join(' ');
		for (const query of ['compost', 'frost autumn', 'tomato basil garden', 'worm', 'mulch shade spring seed', 'notes', 'nothing-matches-this', many]) {
			const terms = keywordTerms(query);
			const limit = 3 + Math.floor(next() * 10);
			const expected = referenceRanking(corpus, terms, weights).slice(0, limit);
			const actual = await storage.keywordTopK([collection], terms, limit, weights);
			t.deepEqual(actual.map(hit => hit.score.toFixed(6)), expected.map(hit => hit.score.toFixed(6)), query);
			// Equal scores may come in either order; every row with a score of its own is in its place.
			const unique = (hits: ReadonlyArray<{key: string; score: number}>) => hits.filter(hit => expected.filter(other => other.score.toFixed(6) === hit.score.toFixed(6)).length === 1).map(hit => hit.key);
			t.deepEqual(unique(actual.map(hit => ({key: keyOf.get(hit.rowid)!, score: hit.score}))), unique(expected), query);
			compared += expected.length;
		}

		t.true(compared > 30, `${compared} ranked rows compared`);
	});

	test(`${name}: vector top-k is exact by inner product while the index is flat`, async t => {
		const {storage, collection} = await open(t);
		const next = seeded(9);
		const vectors = Array.from({length: 60}, () => randomUnit(next));
		await storage.writeDocuments(collection, vectors.map((vector, index) => documentOf(`v${index}.md`, [{content: `vector ${index}`, vector}])), fingerprint);
		t.like(await storage.vectorIndex(collection), {vectors: 60, kind: 'flat'});
		const rowidOf = new Map<number, number>();
		for (const [index] of vectors.entries()) {
			rowidOf.set((await storage.chunksOfDocument(collection, `v${index}.md`))[0]!.rowid, index);
		}

		for (let query = 0; query < 10; query++) {
			const vector = randomUnit(next);
			const dot = (other: Float32Array) => other.reduce((sum, value, index) => sum + (value * vector[index]!), 0);
			const expected = vectors.map((other, index) => ({index, score: dot(other)})).sort((a, b) => b.score - a.score).slice(0, 5);
			const actual = await storage.vectorTopK(collection, vector, 5);
			t.deepEqual(actual.map(hit => rowidOf.get(hit.rowid)), expected.map(hit => hit.index));
			t.deepEqual(actual.map(hit => hit.score.toFixed(5)), expected.map(hit => hit.score.toFixed(5)));
		}

		t.deepEqual(await storage.vectorTopK(collection, vectors[0]!, 0), [], 'k = 0: nothing');
		t.is((await storage.vectorTopK(collection, vectors[0]!, 500)).length, 60, 'k above the size: all of them');
	});

	test(`${name}: collections, stats, and vectors filled in later`, async t => {
		const {storage, collection} = await open(t);
		t.deepEqual(await storage.ensureCollection('c', chunkerVersion), collection, 'ensureCollection answers the existing one');
		await storage.ensureCollection('b', chunkerVersion);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'one two three', vector: null}, {content: 'four five', vector: null}])]);
		t.deepEqual((await storage.collections()).map(({name, count, documents}) => ({name, count, documents})), [{name: 'b', count: 0, documents: 0}, {name: 'c', count: 2, documents: 1}]);
		t.deepEqual(await storage.stats(collection), {documents: 1, chunks: 2, vectors: 0, tokens: 5});
		const missing = await storage.chunksWithoutVectors(collection, 10);
		t.deepEqual(missing.map(chunk => chunk.text), ['a\n\none two three', 'a\n\nfour five'], 'the text to embed carries the heading path');
		await storage.setVectors(collection, missing.map(chunk => ({rowid: chunk.rowid, vector: vectorOf(chunk.text)})), fingerprint);
		t.deepEqual(await storage.chunksWithoutVectors(collection, 10), []);
		t.like(await storage.stats(collection), {vectors: 2});
		t.like(await storage.vectorIndex(collection), {vectors: 2});
		t.is((await storage.vectorTopK(collection, vectorOf(missing[1]!.text), 1))[0]?.rowid, missing[1]!.rowid);
		t.true(await storage.diskBytes() >= 0);
	});

	test(`${name}: an export is read in pages of whole documents, in file-name order`, async t => {
		const {storage, collection} = await open(t);
		const source = await storage.addSource(collection, {path: '/data/notes', label: 'notes', include: [], exclude: [], ignoreFiles: true, hidden: false, watch: false});
		// Odd ones in the source, with their text (once, though they have several chunks); even ones loose, without.
		const written = ['e.md', 'a.md', 'g.md', 'c.md', 'b.md', 'f.md', 'd.md'].map((file, index) => ({
			...documentOf(file, Array.from({length: 1 + (index % 3)}, (_, ordinal) => ({content: `${file} part ${ordinal}`, vector: ordinal === 1 ? null : undefined}))),
			...(index % 2 === 1 ? {sourceId: source.id, relativePath: file, sourcePath: `/data/notes/${file}`, mtimeMs: index, text: `text of ${file}`} : {}),
		}));
		await storage.writeDocuments(collection, written, fingerprint);
		const pages = [];
		for (let after: string | undefined, page = await storage.exportPage(collection, undefined, 3); page.length > 0; page = await storage.exportPage(collection, after, 3)) {
			pages.push(page);
			after = page.at(-1)!.fileName;
		}

		t.deepEqual(pages.map(page => page.map(document => document.fileName)), [['a.md', 'b.md', 'c.md'], ['d.md', 'e.md', 'f.md'], ['g.md']]);
		for (const document of pages.flat()) {
			const original = written.find(candidate => candidate.fileName === document.fileName)!;
			t.like(document, {title: original.title, contentHash: original.contentHash, byteSize: original.byteSize});
			t.like(document, {sourceId: original.sourceId ?? null, relativePath: original.relativePath ?? null, sourcePath: original.sourcePath ?? null, mtimeMs: original.mtimeMs ?? null, text: original.text ?? null}, 'its place and text');
			t.deepEqual(document.tags, original.tags);
			t.deepEqual(document.chunks.map(chunk => [chunk.ordinal, chunk.content, chunk.hash, chunk.tokens, chunk.vector && [...chunk.vector]]), original.chunks.map(chunk => [chunk.ordinal, chunk.content, chunk.hash, chunk.tokens, chunk.vector && [...chunk.vector]]));
		}
	});

	test(`${name}: a write that fails part-way leaves nothing of it`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'original apple text'}])], fingerprint);
		const before = {contents: await contents(storage, collection), stats: await storage.stats(collection), nearest: await storage.vectorTopK(collection, vectorOf('replacement pear text'), 5)};
		// a.md is replaced first, then b.md's vector does not fit the fingerprint: the whole call fails.
		await t.throwsAsync(storage.writeDocuments(collection, [
			documentOf('a.md', [{content: 'replacement pear text'}]),
			documentOf('b.md', [{content: 'banana'}, {content: 'bad vector', vector: new Float32Array(dims + 1)}]),
		], fingerprint), {message: /b\.md: a vector has 9 dimensions/});
		t.deepEqual(await contents(storage, collection), before.contents);
		t.deepEqual(await storage.stats(collection), before.stats);
		t.deepEqual(await storage.keywordTopK([collection], keywordTerms('pear banana'), 10, weights), []);
		t.deepEqual(await storage.vectorTopK(collection, vectorOf('replacement pear text'), 5), before.nearest);
		t.is(await storage.document(collection, 'b.md'), undefined);
		await storage.writeDocuments(collection, [documentOf('b.md', [{content: 'banana'}])], fingerprint);
		t.is((await storage.keywordTopK([collection], keywordTerms('banana'), 10, weights)).length, 1, 'the backend still writes after a failed write');
	});

	test(`${name}: documents given a group at a time are written in one transaction, seen by nobody before it commits`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [documentOf('a.md', [{content: 'original apple text'}])], fingerprint);
		const before = {contents: await contents(storage, collection), nearest: await storage.vectorTopK(collection, vectorOf('pear one'), 5)};
		const seenMeanwhile: string[][] = [];
		async function * groups(failAt?: number) {
			for (let index = 0; index < 3; index++) {
				if (index === failAt) {
					throw new Error('the groups stopped');
				}

				yield [documentOf(index === 0 ? 'a.md' : `g${index}.md`, [{content: `pear ${['one', 'two', 'three'][index]!}`}])];
				if (readsBesideTransactions) {
					seenMeanwhile.push(await contents(storage, collection)); // a read between two groups
				}
			}
		}

		await t.throwsAsync(storage.writeDocumentGroups(collection, groups(2), fingerprint), {message: 'the groups stopped'});
		t.deepEqual(await contents(storage, collection), before.contents, 'a failure after two groups leaves nothing of them');
		t.deepEqual(await storage.vectorTopK(collection, vectorOf('pear one'), 5), before.nearest);
		t.deepEqual(await storage.keywordTopK([collection], keywordTerms('pear'), 10, weights), []);
		t.true(seenMeanwhile.every(seen => JSON.stringify(seen) === JSON.stringify(before.contents)), 'reads during the transaction see none of it');

		seenMeanwhile.length = 0;
		await storage.writeDocumentGroups(collection, groups(), fingerprint);
		t.deepEqual(await contents(storage, collection), ['a.md#0: pear one', 'g1.md#0: pear two', 'g2.md#0: pear three']);
		t.is((await storage.keywordTopK([collection], keywordTerms('pear'), 10, weights)).length, 3, 'keyword search finds every group');
		t.is((await storage.vectorTopK(collection, vectorOf('pear three'), 1))[0]?.rowid, (await storage.chunksOfDocument(collection, 'g2.md'))[0]!.rowid, 'so does vector search');
		t.like(await storage.stats(collection), {documents: 3, chunks: 3, vectors: 3});
		await t.throwsAsync(storage.writeDocumentGroups(collection, (async function * () {
			yield [documentOf('h.md', [{content: 'fine'}])];
			yield [documentOf('i.md', [{content: 'bad vector', vector: new Float32Array(dims + 1)}])];
		})(), fingerprint), {message: /i\.md: a vector has 9 dimensions/});
		t.is(await storage.document(collection, 'h.md'), undefined, 'a group refused takes the groups before it with it');
		await storage.writeDocuments(collection, [documentOf('b.md', [{content: 'banana'}])], fingerprint);
		t.is((await storage.keywordTopK([collection], keywordTerms('banana'), 10, weights)).length, 1, 'the backend still writes after');
	});

	sourcesContract(test, name, open);
	importContract(test, name, open);
	rewritesContract(test, name, open, exactScoresAfterDeletes);
	filtersContract(test, name, open);
	statisticsContract(test, name, open);
	switchContract(test, name, open);
}
