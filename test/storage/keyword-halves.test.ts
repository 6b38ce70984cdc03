// A PostgreSQL keyword search of many postings runs as two statements side by side, each over half of the chunk
// ids (daemon/engine/storage/postgres/keyword-halves.ts): the same ranking as one statement, and split only for
// terms PostgreSQL's own statistics call common.
import test, {type ExecutionContext} from 'ava';
import type pg from 'pg';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {KeywordHalves} from '../../daemon/engine/storage/postgres/keyword-halves.js';
import {keywordTopK} from '../../daemon/engine/storage/postgres/keyword-bm25.js';
import {createPool} from '../../daemon/engine/storage/postgres/pool.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import type {FieldWeights} from '../../daemon/engine/storage/types.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {documentOf, fingerprint, randomCorpus} from './fixtures.js';

const weights: FieldWeights = [2, 1.5, 1];

/** A database of the test's own, with a storage and a pool of connections on it; removed after the test. */
async function freshDatabase(t: ExecutionContext): Promise<{storage: PostgresStorage; pool: pg.Pool}> {
	const database = await testDatabase();
	const storage = await PostgresStorage.open({url: database.url});
	const pool = createPool(database.url);
	t.teardown(async () => {
		await Promise.all([storage.close(), pool.end()]);
		await database.stop();
	});
	return {storage, pool};
}

test('split in halves, a keyword search ranks as one statement does: words, phrases, chunks read with it, several collections', async t => {
	const {storage, pool} = await freshDatabase(t);
	const garden = await storage.ensureCollection('garden', chunkerVersion);
	const other = await storage.ensureCollection('other', chunkerVersion);
	// In turns, so both collections' chunk ids run across both halves.
	for (const [index, document] of randomCorpus(120, 3).entries()) {
		await storage.writeDocuments(index % 3 === 0 ? other : garden, [document], fingerprint);
	}

	const always = new KeywordHalves(pool, 0); // every search split
	t.not(await always.middleFor(['compost']), undefined);
	const cases = [
		{query: 'compost tomato', collections: [garden.id]},
		{query: 'garden water sun frost', collections: [garden.id, other.id]},
		{query: 'worm', collections: [other.id]},
		{query: 'basil', collections: [garden.id], filter: {text: {phrases: [['tomato', 'basil']], exclusions: []}}},
		{query: 'soil seed', collections: [garden.id], filter: {text: {phrases: [], exclusions: [['compost']]}}},
	];
	let compared = 0;
	for (const {query, collections, filter} of cases) {
		for (const [limit, withChunks] of [[5, false], [40, true]] as const) {
			const terms = keywordTerms(query);
			const whole = await keywordTopK(pool, collections, terms, limit, weights, filter, {withChunks});
			const split = await keywordTopK(pool, collections, terms, limit, weights, filter, {withChunks, halves: always});
			// Scores to 9 places: PostgreSQL may sum a chunk's terms in another order in another plan (the last bit).
			const shown = (hits: typeof whole) => hits.map(({score, ...hit}) => ({...hit, score: score.toFixed(9)}));
			t.deepEqual(shown(split), shown(whole), `${query} (${limit})`);
			compared += whole.length;
		}
	}

	t.true(compared > 100, `${compared} hits compared`);
});

test('a search is split for the terms PostgreSQL\'s statistics count as having many postings, not for a rare one', async t => {
	const {storage, pool} = await freshDatabase(t);
	const collection = await storage.ensureCollection('notes', chunkerVersion);
	await storage.writeDocuments(collection, Array.from({length: 300}, (_, index) => documentOf(`n-${index}.md`, [
		{content: `everywhere ${index === 7 ? 'unusual' : 'plain'} text`}, {content: 'everywhere again'},
	])), fingerprint);
	await pool.query('ANALYZE md_vector.postings');
	const halves = new KeywordHalves(pool, 500); // "everywhere" has 600 postings
	const [everywhere, unusual] = keywordTerms('everywhere unusual');
	const middle = await halves.middleFor([everywhere!]);
	const {rows: [range]} = await pool.query<{low: string; high: string}>('SELECT min(id) AS low, max(id) AS high FROM md_vector.chunks');
	t.true(middle !== undefined && middle > Number(range!.low) && middle < Number(range!.high), `split at ${middle}`);
	t.is(await halves.middleFor([unusual!]), undefined);
	t.is(await new KeywordHalves(pool, 5000).middleFor([everywhere!]), undefined, 'below the threshold');
});
