// Stores made before search was answered from indexes (issue 37, 38) migrate on open, on both backends: old chunks
// rank over the searched collection's statistics, answer phrases and exclusions, and say whether they are
// boilerplate, as chunks written after.
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import Database from 'better-sqlite3';
import pg from 'pg';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {phraseWords} from '../../common/text/keyword-tokens.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {poll} from '../../source/client/poll.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {isBoilerplate} from '../../daemon/engine/search/boilerplate.js';
import {documentOf, fingerprint, vectorOf} from './fixtures.js';
import {referenceRanking} from './reference-bm25.js';
import {downgradePostgresTo8, downgradeSqliteTo5} from './downgrades.js';

const weights = [2, 1.5, 1] as const;
const own = [
	documentOf('a.md', [{content: 'rotate the api key monthly'}, {content: 'the key api is another thing'}]),
	documentOf('b.md', [{content: '- [Install](#install)\n- [Use](#use)'}, {content: 'api key on staging'}]),
];

async function migrated(t: ExecutionContext, open: () => Promise<Storage>, downgrade: () => Promise<void>, flagsKnown: boolean): Promise<void> {
	const before = await open();
	await before.writeDocuments(await before.ensureCollection('c', chunkerVersion), own, fingerprint);
	await before.writeDocuments(await before.ensureCollection('other', chunkerVersion), [documentOf('o.md', [{content: 'api api api key key key install'}])], fingerprint);
	await before.close();
	await downgrade();
	const storage = await open();
	t.teardown(async () => storage.close());
	const collection = (await storage.collection('c'))!;
	const terms = keywordTerms('api key install');
	t.deepEqual((await storage.keywordTopK([collection], terms, 10, weights)).map(hit => hit.score.toFixed(6)), referenceRanking(own, terms, weights).map(hit => hit.score.toFixed(6)), 'the collection\'s own statistics');
	const text = {phrases: [phraseWords('api key')], exclusions: [phraseWords('staging')]};
	const contents = async (hits: ReadonlyArray<{rowid: number}>) => [...(await storage.chunks(collection, hits.map(hit => hit.rowid))).values()].map(chunk => chunk.content);
	t.deepEqual(await contents(await storage.keywordTopK([collection], terms, 10, weights, {text})), ['rotate the api key monthly']);
	t.deepEqual(await contents(await storage.vectorTopK(collection, vectorOf('api'), 10, {text})), ['rotate the api key monthly']);
	// Each hit's boilerplate flag: decided by the migration (SQLite), or by the daemon's fill-in (PostgreSQL), until
	// then unknown (the engine reads the text).
	const hits = await storage.keywordTopK([collection], terms, 10, weights);
	const chunks = await storage.chunks(collection, hits.map(hit => hit.rowid));
	t.true(hits.every(hit => hit.boilerplate === undefined || hit.boilerplate === isBoilerplate(chunks.get(hit.rowid)!.content)));
	// PostgreSQL's daemon fills them in (words-backfill.ts) in the background: then they are known too.
	const known = flagsKnown
		? hits
		: await poll(async () => {
			const now = await storage.keywordTopK([collection], terms, 10, weights);
			return now.every(hit => hit.boilerplate !== undefined) ? now : undefined;
		}, 30_000, 50);
	t.deepEqual(known?.map(hit => hit.boilerplate).sort(), [false, false, false, true]);
}

test.serial('sqlite: a schema 5 store migrates to 6', async t => {
	const dataDir = path.join(temporaryDirectory(), 'data');
	await migrated(t, async () => EmbeddedStorage.open({dataDir, settleDelayMs: 10}), async () => {
		const db = new Database(path.join(dataDir, 'md-vector.sqlite'));
		db.exec(downgradeSqliteTo5);
		db.close();
	}, true);
});

test.serial('postgres: a schema 8 database migrates to 9', async t => {
	const server = await testDatabase();
	t.teardown(server.stop);
	await migrated(t, async () => PostgresStorage.open({url: server.url}), async () => {
		const client = new pg.Client(server.url);
		await client.connect();
		await client.query(downgradePostgresTo8);
		await client.end();
	}, false);
});
