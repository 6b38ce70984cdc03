// Stores made before search was answered from indexes (issue 37, 38) migrate on open, on both backends: old chunks
// rank over the searched collection's statistics, answer phrases and exclusions, and say whether they are
// boilerplate, as chunks written after. A store from before model switches too (SQLite 5, PostgreSQL 8) goes
// through both migrations in order (switches: SQLite 6, PostgreSQL 9; search indexes: 7, 10), and a switch under
// way in a store of the version between keeps going.
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import Database from 'better-sqlite3';
import pg from 'pg';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, Fingerprint} from '../../daemon/engine/storage/types.js';
import {schemaVersion as sqliteVersion} from '../../daemon/engine/storage/embedded/sqlite/schema.js';
import {schemaVersion as postgresVersion} from '../../daemon/engine/storage/postgres/schema.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {phraseWords} from '../../common/text/keyword-tokens.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {poll} from '../../source/client/poll.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {isBoilerplate} from '../../daemon/engine/search/boilerplate.js';
import {documentOf, fingerprint, vectorOf} from './fixtures.js';
import {referenceRanking} from './reference-bm25.js';
import {downgradePostgresTo8, downgradePostgresTo9, downgradeSqliteTo5, downgradeSqliteTo6} from './downgrades.js';

const weights = [2, 1.5, 1] as const;
const own = [
	documentOf('a.md', [{content: 'rotate the api key monthly'}, {content: 'the key api is another thing'}]),
	documentOf('b.md', [{content: '- [Install](#install)\n- [Use](#use)'}, {content: 'api key on staging'}]),
];

const next: Fingerprint = {modelId: 'next-model', dims: 2};

type Case = {
	readonly open: () => Promise<Storage>;
	/** Takes the closed store back to the older schema. */
	readonly downgrade: () => Promise<void>;
	/** The schema version the store is at now. */
	readonly version: () => Promise<number>;
	readonly newest: number;
	/** Whether the migration decides the boilerplate flags itself (else the daemon fills them in). */
	readonly flagsKnown: boolean;
	/** Whether a model switch is begun before the downgrade (a store of the version between keeps it). */
	readonly switchBefore: boolean;
};

async function migrated(t: ExecutionContext, {open, downgrade, version, newest, flagsKnown, switchBefore}: Case): Promise<void> {
	const before = await open();
	await before.writeDocuments(await before.ensureCollection('c', chunkerVersion), own, fingerprint);
	await before.writeDocuments(await before.ensureCollection('other', chunkerVersion), [documentOf('o.md', [{content: 'api api api key key key install'}])], fingerprint);
	if (switchBefore) {
		await before.beginModelSwitch((await before.collection('c'))!, next);
	}

	await before.close();
	await downgrade();
	const storage = await open();
	t.teardown(async () => storage.close());
	t.is(await version(), newest, 'every migration ran');
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
	await switched(t, storage, collection, switchBefore);
}

/** The model switch tables work beside the search indexes: a switch swaps, and both halves still answer. */
async function switched(t: ExecutionContext, storage: Storage, collection: Collection, switchBefore: boolean): Promise<void> {
	if (switchBefore) {
		t.like(await storage.modelSwitch(collection), {target: next, done: 0, total: 4}, 'the switch under way is kept');
	} else {
		t.is(await storage.modelSwitch(collection), undefined);
	}

	await storage.beginModelSwitch(collection, next);
	const pending = await storage.chunksForSwitch(collection, 0, 100);
	t.is(await storage.setSwitchVectors(collection, next, pending.map((chunk, index) => ({rowid: chunk.rowid, vector: Float32Array.of(Math.cos(index), Math.sin(index))}))), 4);
	t.deepEqual(await storage.completeModelSwitch(collection, next), {swapped: true});
	const now = (await storage.collection('c'))!;
	t.like(now, next);
	const text = {phrases: [phraseWords('api key')], exclusions: [phraseWords('staging')]};
	t.is((await storage.vectorTopK(now, Float32Array.of(1, 0), 10, {text})).length, 1, 'the new vectors, filtered by the words index');
	t.is((await storage.keywordTopK([now], keywordTerms('api key'), 10, weights, {text})).length, 1);
}

function sqliteCase(downgrade: string, switchBefore: boolean): Case {
	const dataDir = path.join(temporaryDirectory(), 'data');
	const file = path.join(dataDir, 'md-vector.sqlite');
	const exec = (sql: string) => {
		const db = new Database(file);
		try {
			return db.exec(sql);
		} finally {
			db.close();
		}
	};

	return {
		open: async () => EmbeddedStorage.open({dataDir, settleDelayMs: 10}),
		async downgrade() {
			exec(downgrade);
		},
		async version() {
			const db = new Database(file, {readonly: true});
			try {
				return db.pragma('user_version', {simple: true}) as number;
			} finally {
				db.close();
			}
		},
		newest: sqliteVersion,
		flagsKnown: true,
		switchBefore,
	};
}

async function postgresCase(t: ExecutionContext, downgrade: string, switchBefore: boolean): Promise<Case> {
	const server = await testDatabase();
	t.teardown(server.stop);
	const query = async (sql: string) => {
		const client = new pg.Client(server.url);
		await client.connect();
		try {
			return await client.query<{version: number}>(sql);
		} finally {
			await client.end();
		}
	};

	return {
		open: async () => PostgresStorage.open({url: server.url}),
		async downgrade() {
			await query(downgrade);
		},
		version: async () => (await query('SELECT max(version) AS version FROM md_vector.schema_migrations')).rows[0]!.version,
		newest: postgresVersion,
		flagsKnown: false,
		switchBefore,
	};
}

test.serial('sqlite: a schema 5 store migrates through 6 (model switches) and 7 (search indexes)', async t => {
	await migrated(t, sqliteCase(downgradeSqliteTo5, false));
});

test.serial('sqlite: a schema 6 store migrates to 7, its model switch under way kept', async t => {
	await migrated(t, sqliteCase(downgradeSqliteTo6, true));
});

test.serial('postgres: a migration 8 database migrates through 9 (model switches) and 10 (search indexes)', async t => {
	await migrated(t, await postgresCase(t, downgradePostgresTo8, false));
});

test.serial('postgres: a migration 9 database migrates to 10, its model switch under way kept', async t => {
	await migrated(t, await postgresCase(t, downgradePostgresTo9, true));
});
