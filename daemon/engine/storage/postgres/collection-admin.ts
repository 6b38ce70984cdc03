import type pg from 'pg';
import {EngineError} from '../../errors.js';
import type {Collection, CollectionRemoval} from '../types.js';
import {renameChunks} from './document-moves.js';
import {hnswIndexes, withChunkIndexesLock} from './hnsw-index.js';
import {transaction} from './pool.js';

/**
 * Deletes a collection with everything of it, in a transaction of its own. That transaction drops the collection's
 * HNSW indexes, which waits for an index build on chunks (any collection's) that in turn waits for the
 * transaction: the builds' lock is taken first (hnsw-index.ts).
 */
export async function deleteCollection(pool: pg.Pool, collection: Collection): Promise<CollectionRemoval> {
	const client = await pool.connect();
	try {
		return await withChunkIndexesLock(client, async () => transaction(client, async () => deleteRows(client, collection)));
	} finally {
		client.release();
	}
}

/** Deletes a collection with its documents, chunks, postings, sources and HNSW indexes, in the caller's transaction. */
async function deleteRows(client: pg.ClientBase, collection: Collection): Promise<CollectionRemoval> {
	// The row lock makes a concurrent write to the collection wait, then find it gone.
	await client.query('SELECT id FROM md_vector.collections WHERE id = $1 FOR UPDATE', [collection.id]);
	const {rows: [counts]} = await client.query<CollectionRemoval>(`SELECT
		(SELECT count(*) FROM md_vector.documents WHERE collection_id = $1) AS documents,
		(SELECT count(*) FROM md_vector.chunks WHERE collection_id = $1) AS chunks,
		(SELECT count(*) FROM md_vector.sources WHERE collection_id = $1) AS sources`, [collection.id]);
	for (const {name} of await hnswIndexes(client, collection.id)) {
		await client.query(`DROP INDEX IF EXISTS md_vector.${name}`);
	}

	await client.query('DELETE FROM md_vector.postings WHERE collection_id = $1', [collection.id]);
	await client.query('DELETE FROM md_vector.chunks WHERE collection_id = $1', [collection.id]);
	await client.query('DELETE FROM md_vector.documents WHERE collection_id = $1', [collection.id]);
	// Sources and totals go with the collection (ON DELETE CASCADE).
	await client.query('DELETE FROM md_vector.collections WHERE id = $1', [collection.id]);
	return counts!;
}

/** Renames a collection and recomputes its chunk ids (derived from the name), in the caller's transaction. */
export async function renameCollection(client: pg.ClientBase, collection: Collection, name: string): Promise<void> {
	await client.query('SELECT id FROM md_vector.collections WHERE id = $1 FOR UPDATE', [collection.id]);
	const {rows: taken} = await client.query('SELECT 1 FROM md_vector.collections WHERE name = $1', [name]);
	if (taken.length > 0) {
		throw new EngineError('collection_exists', 409, `collection '${name}' already exists`);
	}

	await client.query('UPDATE md_vector.collections SET name = $2 WHERE id = $1', [collection.id, name]);
	const {rows} = await client.query<{id: number; fileName: string}>('SELECT id, file_name AS "fileName" FROM md_vector.documents WHERE collection_id = $1', [collection.id]);
	for (const {id, fileName} of rows) {
		await renameChunks(client, name, fileName, id);
	}
}
