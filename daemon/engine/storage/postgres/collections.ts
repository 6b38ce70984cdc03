import type pg from 'pg';
import {assertSameFingerprint} from '../fingerprint.js';
import type {Collection, CollectionCounts, ContentCounts, Fingerprint} from '../types.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

const columns = 'c.id, c.name, c.model_id AS "modelId", c.dims, c.chunker_version AS "chunkerVersion"';

export async function collectionByName(db: Queryable, name: string): Promise<Collection | undefined> {
	const {rows} = await db.query<Collection>(`SELECT ${columns} FROM md_vector.collections c WHERE c.name = $1`, [name]);
	return rows[0];
}

/** Creates the collection (and its totals row) unless it exists; answers it either way. */
export async function ensureCollection(db: Queryable, name: string, chunkerVersion: number): Promise<Collection> {
	// One statement: two daemons creating the same collection at once both end with the one row.
	await db.query(`WITH created AS (
			INSERT INTO md_vector.collections (name, chunker_version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING id
		) INSERT INTO md_vector.collection_totals (collection_id) SELECT id FROM created`, [name, chunkerVersion]);
	return (await collectionByName(db, name))!;
}

export async function collectionsWithCounts(db: Queryable): Promise<CollectionCounts[]> {
	const {rows} = await db.query<CollectionCounts>(`SELECT ${columns}, t.chunks AS count, t.documents
		FROM md_vector.collections c JOIN md_vector.collection_totals t ON t.collection_id = c.id ORDER BY c.name`);
	return rows;
}

export async function contentCounts(db: Queryable, collectionId: number): Promise<ContentCounts> {
	const {rows} = await db.query<ContentCounts>('SELECT documents, chunks, vectors, tokens FROM md_vector.collection_totals WHERE collection_id = $1', [collectionId]);
	return rows[0] ?? {documents: 0, chunks: 0, vectors: 0, tokens: 0};
}

/**
 * Inside a write transaction: records the fingerprint on the collection's first vectors, or refuses another
 * one. Two daemons recording different first fingerprints at once: the second's update waits for the first's
 * commit, matches no row, and the re-read then refuses it. The row stays locked (shared, or by the update) until
 * the write commits, so a model switch's swap (model-switches.ts) waits for it or is waited for: the write never
 * lands vectors of the old model after the swap.
 */
export async function checkFingerprint(db: Queryable, collection: Collection, fingerprint: Fingerprint): Promise<void> {
	const read = async (lock = '') => (await db.query<Collection>(`SELECT ${columns} FROM md_vector.collections c WHERE c.id = $1 ${lock}`, [collection.id])).rows[0];
	let current = await read();
	if (!current) {
		throw new Error(`collection '${collection.name}' was deleted meanwhile`);
	}

	const recorded = current.modelId === null
		? (await db.query('UPDATE md_vector.collections SET model_id = $2, dims = $3 WHERE id = $1 AND model_id IS NULL', [collection.id, fingerprint.modelId, fingerprint.dims])).rowCount === 1
		: false;
	current = recorded ? (await read())! : await read('FOR SHARE');
	if (!current) {
		throw new Error(`collection '${collection.name}' was deleted meanwhile`);
	}

	assertSameFingerprint(current, fingerprint);
}

/**
 * Adds to a collection's totals (negative to remove), inside the write's transaction. A write of postings (any but
 * `vectorsOnly`) bumps the postings version too, which tells keyword search whether document frequencies it kept
 * are still those of the postings (document-frequencies.ts): the row's lock orders the writers, so a snapshot that
 * sees a version sees every write of postings up to it.
 */
export async function addTotals(db: Queryable, collectionId: number, delta: {documents: number; chunks: number; vectors: number; tokens: number; keywordTokens: number}, vectorsOnly = false): Promise<void> {
	await db.query(
		`UPDATE md_vector.collection_totals SET documents = documents + $2, chunks = chunks + $3, vectors = vectors + $4,
		tokens = tokens + $5, keyword_tokens = keyword_tokens + $6, postings_version = postings_version + $7 WHERE collection_id = $1`,
		[collectionId, delta.documents, delta.chunks, delta.vectors, delta.tokens, delta.keywordTokens, vectorsOnly ? 0 : 1],
	);
}
