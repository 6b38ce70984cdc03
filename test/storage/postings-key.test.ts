// PostgreSQL migration 12: the postings' primary key holds their document id too, so a keyword search reads each
// term's postings from the index alone (an index-only scan), not a visit to the table's page of each posting.
import test from 'ava';
import type pg from 'pg';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {schemaVersion} from '../../daemon/engine/storage/postgres/schema.js';
import type {FieldWeights} from '../../daemon/engine/storage/types.js';
import {testDatabaseWithClient} from '../helpers/postgres/test-database.js';
import {downgradePostgresTo11} from './downgrades.js';
import {fingerprint, randomCorpus} from './fixtures.js';

const weights: FieldWeights = [2, 1.5, 1];

/** How PostgreSQL reads one term's postings with what a keyword search takes of them, index scans preferred. */
async function postingsRead(client: pg.Client, collectionId: number): Promise<string> {
	await client.query('SET enable_seqscan = off; SET enable_bitmapscan = off');
	const {rows} = await client.query<{'QUERY PLAN': string}>(`EXPLAIN SELECT chunk_id, document_id, title_count, headings_count, body_count, chunk_length
		FROM md_vector.postings WHERE collection_id = ${Number(collectionId)} AND term = 'compost'`);
	return rows.map(row => row['QUERY PLAN']).join('\n');
}

test('a migration 11 database gets the postings key with the document id; keyword searches read it alone and rank as before', async t => {
	const {database, client} = await testDatabaseWithClient(t);
	let storage = await PostgresStorage.open({url: database.url});
	const collection = await storage.ensureCollection('garden', chunkerVersion);
	await storage.writeDocuments(collection, randomCorpus(60, 5), fingerprint);
	const terms = keywordTerms('compost tomato water');
	const before = await storage.keywordTopK([collection], terms, 10, weights);
	await storage.close();
	t.true(before.length > 0);

	await client.query(downgradePostgresTo11);
	await client.query('VACUUM ANALYZE md_vector.postings'); // the visibility map an index-only scan needs
	t.regex(await postingsRead(client, collection.id), /Index Scan using postings_pkey/, 'before: each posting visits the table');

	storage = await PostgresStorage.open({url: database.url});
	t.teardown(async () => storage.close());
	const {rows: [version]} = await client.query<{version: number}>('SELECT max(version) AS version FROM md_vector.schema_migrations');
	t.is(version!.version, schemaVersion);
	const {rows: [key]} = await client.query<{definition: string}>('SELECT pg_get_indexdef(\'md_vector.postings_pkey\'::regclass) AS definition');
	t.regex(key!.definition, /\(collection_id, term, chunk_id\) INCLUDE \(document_id, title_count, headings_count, body_count, chunk_length\)/);
	await client.query('VACUUM ANALYZE md_vector.postings');
	t.regex(await postingsRead(client, collection.id), /Index Only Scan using postings_pkey/);
	// Scores to 9 places: another plan may sum a chunk's terms in another order (the last bit).
	const shown = (hits: typeof before) => hits.map(({score, ...hit}) => ({...hit, score: score.toFixed(9)}));
	t.deepEqual(shown(await storage.keywordTopK([collection], terms, 10, weights)), shown(before));
});
