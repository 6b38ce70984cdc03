import type pg from 'pg';
import {invalidInput, switchGone} from '../../errors.js';
import {sameFingerprint} from '../fingerprint.js';
import type {Collection, Fingerprint, ModelSwitch, SwapOutcome} from '../types.js';
import {vectorArrayParameter} from './vector-binary.js';
import {dropIndexes, hnswIndexes, takeSessionLock, withChunkIndexesLock} from './hnsw-index.js';
import {lockKeys} from './lock-keys.js';
import {transaction} from './pool.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

/*
 * A collection's switch to another model on PostgreSQL (migration 9): the switch under way in `model_switches`
 * (gone with its collection), the target's vectors in `switch_vectors` beside the live ones in chunks.embedding,
 * carrying `document_id` (the distribution column) like every table of documents. A deleted chunk's vector stays
 * there until the switch ends, but is never counted: every count and the swap join the chunks that exist.
 */

const progress = `s.collection_id AS "collectionId", c.name AS collection, c.model_id AS "from", s.model_id AS "modelId", s.dims, s.started_at AS "startedAt",
	(SELECT count(*) FROM md_vector.switch_vectors v JOIN md_vector.chunks k ON k.id = v.chunk_id AND k.document_id = v.document_id WHERE v.collection_id = s.collection_id) AS done,
	t.chunks AS total`;
const from = 'FROM md_vector.model_switches s JOIN md_vector.collections c ON c.id = s.collection_id JOIN md_vector.collection_totals t ON t.collection_id = s.collection_id';

type SwitchRow = Omit<ModelSwitch, 'target' | 'startedAt'> & {modelId: string; dims: number; startedAt: Date};

function toSwitch(row: SwitchRow): ModelSwitch {
	return {
		collectionId: row.collectionId, collection: row.collection, from: row.from, target: {modelId: row.modelId, dims: row.dims}, startedAt: row.startedAt.toISOString(),
		done: row.done, total: row.total,
	};
}

export async function modelSwitches(db: Queryable, collectionId?: number): Promise<ModelSwitch[]> {
	const {rows} = collectionId === undefined
		? await db.query<SwitchRow>(`SELECT ${progress} ${from} ORDER BY c.name`)
		: await db.query<SwitchRow>(`SELECT ${progress} ${from} WHERE s.collection_id = $1`, [collectionId]);
	return rows.map(row => toSwitch(row));
}

/** Begins the switch, or answers the one under way to `target`; one to another target is replaced. In the caller's transaction. */
export async function beginModelSwitch(client: Queryable, collection: Collection, target: Fingerprint): Promise<ModelSwitch> {
	await client.query('SELECT id FROM md_vector.collections WHERE id = $1 FOR UPDATE', [collection.id]);
	const current = await switchTarget(client, collection.id);
	if (!current || !sameFingerprint(current, target)) {
		await client.query('DELETE FROM md_vector.switch_vectors WHERE collection_id = $1', [collection.id]);
		await client.query(`INSERT INTO md_vector.model_switches (collection_id, model_id, dims) VALUES ($1, $2, $3)
			ON CONFLICT (collection_id) DO UPDATE SET model_id = EXCLUDED.model_id, dims = EXCLUDED.dims, started_at = now()`, [collection.id, target.modelId, target.dims]);
	}

	return (await modelSwitches(client, collection.id))[0]!;
}

/** Chunks of the collection above `after` without a vector of the target, in rowid order, with the text to embed. */
export async function chunksForSwitch(db: Queryable, collectionId: number, after: number, limit: number): Promise<Array<{rowid: number; text: string}>> {
	const {rows} = await db.query<{rowid: number; headingPath: string[]; content: string}>(`SELECT c.id AS rowid, c.heading_path AS "headingPath", c.content FROM md_vector.chunks c
		WHERE c.collection_id = $1 AND c.id > $2 AND NOT EXISTS (SELECT 1 FROM md_vector.switch_vectors v WHERE v.chunk_id = c.id) ORDER BY c.id LIMIT $3`, [collectionId, after, limit]);
	return rows.map(row => ({rowid: row.rowid, text: `${row.headingPath.join(' > ')}\n\n${row.content}`}));
}

/** Stores target vectors of chunks that exist, in the caller's transaction; switch_gone when the switch is not to `target` any more. */
export async function setSwitchVectors(client: Queryable, collection: Collection, target: Fingerprint, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, vectorType: number): Promise<number> {
	await requireTarget(client, collection, target, 'FOR SHARE');
	const wrong = vectors.find(({vector}) => vector.length !== target.dims);
	if (wrong) {
		throw invalidInput(`chunk ${wrong.rowid}: a vector has ${wrong.vector.length} dimensions; ${target.modelId} makes ${target.dims}`);
	}

	const {rowCount} = await client.query(`INSERT INTO md_vector.switch_vectors (chunk_id, document_id, collection_id, embedding)
		SELECT c.id, c.document_id, c.collection_id, v.embedding FROM unnest($2::bigint[], $3::vector[]) AS v (id, embedding)
		JOIN md_vector.chunks c ON c.id = v.id AND c.collection_id = $1
		ON CONFLICT (chunk_id) DO UPDATE SET embedding = EXCLUDED.embedding`, [collection.id, vectors.map(entry => entry.rowid), vectorArrayParameter(vectors.map(entry => entry.vector), vectorType)]);
	return rowCount ?? 0;
}

/** How many chunks of the collection have no vector of the target yet. */
export async function chunksMissingSwitchVectors(db: Queryable, collectionId: number): Promise<number> {
	const {rows} = await db.query<{count: number}>(`SELECT count(*) AS count FROM md_vector.chunks c
		WHERE c.collection_id = $1 AND NOT EXISTS (SELECT 1 FROM md_vector.switch_vectors v WHERE v.chunk_id = c.id)`, [collectionId]);
	return rows[0]!.count;
}

/**
 * The swap, in the caller's transaction. The collection's row is locked first: a write carrying vectors holds it
 * shared while it checks its fingerprint and writes (collections.ts checkFingerprint), so every write either
 * committed before the count (its chunks are counted) or waits and then finds the new fingerprint.
 */
export async function completeModelSwitch(client: Queryable, collection: Collection, target: Fingerprint): Promise<SwapOutcome> {
	await requireTarget(client, collection, target, 'FOR UPDATE');
	await client.query('SELECT id FROM md_vector.collections WHERE id = $1 FOR UPDATE', [collection.id]);
	const missing = await chunksMissingSwitchVectors(client, collection.id);
	if (missing > 0) {
		return {swapped: false, missing};
	}

	await client.query(`UPDATE md_vector.chunks c SET embedding = v.embedding FROM md_vector.switch_vectors v
		WHERE v.chunk_id = c.id AND v.document_id = c.document_id AND c.collection_id = $1 AND v.collection_id = $1`, [collection.id]);
	await client.query('DELETE FROM md_vector.switch_vectors WHERE collection_id = $1', [collection.id]);
	await client.query('UPDATE md_vector.collections SET model_id = $2, dims = $3 WHERE id = $1', [collection.id, target.modelId, target.dims]);
	await client.query('UPDATE md_vector.collection_totals SET vectors = chunks WHERE collection_id = $1', [collection.id]);
	await client.query('DELETE FROM md_vector.model_switches WHERE collection_id = $1', [collection.id]);
	return {swapped: true};
}

/**
 * The swap on a connection of its own. The collection's HNSW indexes are cast to the old dimension: they are dropped
 * first (concurrently, outside the transaction: searches stay exact meanwhile), with the build lock held so that
 * no daemon builds it again before the swap commits; the new model's is built after, as after any write.
 */
export async function swapModel(pool: pg.Pool, collection: Collection, target: Fingerprint): Promise<SwapOutcome> {
	await requireTarget(pool, collection, target); // checked again, locked, in the transaction
	const missing = await chunksMissingSwitchVectors(pool, collection.id);
	if (missing > 0) {
		return {swapped: false, missing}; // the index is not dropped for nothing
	}

	const client = await pool.connect();
	try {
		await takeSessionLock(client, lockKeys.indexBuild(collection.id)); // a build under way: the swap waits for it
		try {
			await withChunkIndexesLock(client, async () => dropIndexes(client, await hnswIndexes(client, collection.id)));
			return await transaction(client, async () => completeModelSwitch(client, collection, target));
		} finally {
			await client.query('SELECT pg_advisory_unlock($1, $2)', lockKeys.indexBuild(collection.id));
		}
	} finally {
		client.release();
	}
}

/** Ends the switch and discards its vectors, in the caller's transaction; answers whether one was under way. */
export async function cancelModelSwitch(client: Queryable, collectionId: number): Promise<boolean> {
	const {rowCount} = await client.query('DELETE FROM md_vector.model_switches WHERE collection_id = $1', [collectionId]);
	await client.query('DELETE FROM md_vector.switch_vectors WHERE collection_id = $1', [collectionId]);
	return (rowCount ?? 0) > 0;
}

async function switchTarget(db: Queryable, collectionId: number, lock = ''): Promise<Fingerprint | undefined> {
	const {rows} = await db.query<Fingerprint>(`SELECT model_id AS "modelId", dims FROM md_vector.model_switches WHERE collection_id = $1 ${lock}`, [collectionId]);
	return rows[0];
}

async function requireTarget(db: Queryable, collection: Collection, target: Fingerprint, lock: '' | 'FOR SHARE' | 'FOR UPDATE' = ''): Promise<void> {
	const current = await switchTarget(db, collection.id, lock);
	if (!current || !sameFingerprint(current, target)) {
		throw switchGone(`collection '${collection.name}' is not switching to ${target.modelId} any more`);
	}
}
