// Document frequencies kept between keyword searches on PostgreSQL (daemon/engine/storage/postgres/document-frequencies.ts)
// are used only while the collection's postings are those they were counted from: a write through another storage
// (another daemon on the database) between two searches ranks exactly as a storage that kept nothing ranks it.
import test from 'ava';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {DocumentFrequencies} from '../../daemon/engine/storage/postgres/document-frequencies.js';
import {keywordTopK} from '../../daemon/engine/storage/postgres/keyword-bm25.js';
import {createPool} from '../../daemon/engine/storage/postgres/pool.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import type {Collection, FieldWeights} from '../../daemon/engine/storage/types.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {documentOf, fingerprint, randomCorpus} from './fixtures.js';

const weights: FieldWeights = [2, 1.5, 1];
const terms = keywordTerms('compost tomato basil frost');

test('a write through another storage between two searches ranks as a storage that kept nothing', async t => {
	const database = await testDatabase();
	const [searcher, writer] = await Promise.all([PostgresStorage.open({url: database.url}), PostgresStorage.open({url: database.url})]);
	t.teardown(async () => {
		await Promise.all([searcher.close(), writer.close()]);
		await database.stop();
	});
	const collection = await writer.ensureCollection('garden', chunkerVersion);
	await writer.writeDocuments(collection, randomCorpus(30, 5), fingerprint);
	const fresh = async (searched: readonly Collection[]) => {
		const storage = await PostgresStorage.open({url: database.url});
		try {
			return await storage.keywordTopK(searched, terms, 20, weights);
		} finally {
			await storage.close();
		}
	};

	const first = await searcher.keywordTopK([collection], terms, 20, weights);
	t.deepEqual(first, await fresh([collection]));
	t.deepEqual(await searcher.keywordTopK([collection], terms, 20, weights), first, 'searched again with the counts kept: the same ranking');

	const other = await writer.ensureCollection('other', chunkerVersion);
	await writer.writeDocuments(other, [documentOf('o.md', [{content: 'frost on the basil'}])], fingerprint);
	const writes: Array<[string, () => Promise<unknown>]> = [
		['documents added', async () => writer.writeDocuments(collection, [documentOf('new.md', [{content: 'compost compost frost'}, {content: 'basil'}])], fingerprint)],
		['a document deleted', async () => writer.deleteDocument(collection, 'doc-003.md')],
		// Chunk and keyword-token counts unchanged: only the postings tell this write apart.
		['a chunk replaced by as many other words', async () => writer.writeDocuments(collection, [documentOf('new.md', [{content: 'tomato tomato tomato'}, {content: 'basil'}])], fingerprint)],
	];
	let before = first;
	for (const [write, run] of writes) {
		await run();
		const after = await searcher.keywordTopK([collection], terms, 20, weights);
		t.deepEqual(after, await fresh([collection]), write);
		t.notDeepEqual(after, before, `${write}: the scores changed`);
		t.deepEqual(await searcher.keywordTopK([collection, other], terms, 20, weights), await fresh([collection, other]), `${write}: two collections`);
		before = after;
	}
});

test('the counts a search used are kept with the version they are of, and a write elsewhere moves the version on', async t => {
	const database = await testDatabase();
	const writer = await PostgresStorage.open({url: database.url});
	const pool = createPool(database.url);
	t.teardown(async () => {
		await Promise.all([writer.close(), pool.end()]);
		await database.stop();
	});
	const collection = await writer.ensureCollection('garden', chunkerVersion);
	await writer.writeDocuments(collection, [documentOf('a.md', [{content: 'compost tomato'}, {content: 'compost'}])], fingerprint);
	const frequencies = new DocumentFrequencies();
	const [compost, tomato, basil] = keywordTerms('compost tomato basil');
	const search = async () => keywordTopK(pool, [collection.id], [compost!, tomato!, basil!], 10, weights, undefined, {frequencies});
	const counted = await search();
	const {versions: [version], counts} = frequencies.parameters([collection.id], [compost!, tomato!, basil!]);
	t.true(version! >= 0);
	t.deepEqual(counts, [2, 1, null], 'basil is in no chunk: left to count');
	t.deepEqual(await search(), counted);

	await writer.writeDocuments(collection, [documentOf('b.md', [{content: 'compost basil'}])], fingerprint);
	const recounted = await search();
	t.deepEqual(frequencies.parameters([collection.id], [compost!, tomato!, basil!]), {versions: [version! + 1], counts: [3, 1, 1]});
	t.not(recounted.find(hit => hit.rowid === counted[0]!.rowid)?.score, counted[0]!.score, 'compost is commoner now: a.md scores less');
});
