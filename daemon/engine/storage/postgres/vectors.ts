import type pg from 'pg';
import {invalidInput} from '../../errors.js';
import type {SearchFilter} from '../document-filter.js';
import type {Collection, Fingerprint, Ranked} from '../types.js';
import {documentCondition} from './filter-sql.js';
import {addTotals, checkFingerprint} from './collections.js';
import {hnswIndexName} from './hnsw-index.js';
import {inTransaction} from './pool.js';
import {parseVector, vectorText} from './vector-text.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Stored vectors of chunks with these text hashes (any one per hash: equal texts have equal vectors). */
export async function vectorsByHash(db: Queryable, collectionId: number, hashes: readonly string[]): Promise<Map<string, Float32Array>> {
	const {rows} = await db.query<{hash: string; vector: string}>(`SELECT DISTINCT ON (text_hash) text_hash AS hash, embedding::text AS vector FROM md_vector.chunks
		WHERE collection_id = $1 AND text_hash = ANY($2::text[]) AND embedding IS NOT NULL`, [collectionId, [...new Set(hashes)]]);
	return new Map(rows.map(row => [row.hash, parseVector(row.vector)]));
}

/** Chunks stored without a vector, in rowid order, with the text to embed (heading path, then the chunk). */
export async function chunksWithoutVectors(db: Queryable, collectionId: number, limit: number): Promise<Array<{rowid: number; text: string}>> {
	const {rows} = await db.query<{rowid: number; headingPath: string[]; content: string}>(`SELECT id AS rowid, heading_path AS "headingPath", content FROM md_vector.chunks
		WHERE collection_id = $1 AND embedding IS NULL ORDER BY id LIMIT $2`, [collectionId, limit]);
	return rows.map(row => ({rowid: row.rowid, text: `${row.headingPath.join(' > ')}\n\n${row.content}`}));
}

/** Gives vectors to chunks of the collection that have none, in the caller's transaction; answers how many it set. */
export async function setVectors(client: pg.ClientBase, collection: Collection, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, fingerprint: Fingerprint): Promise<number> {
	await checkFingerprint(client, collection, fingerprint);
	const wrong = vectors.find(({vector}) => vector.length !== fingerprint.dims);
	if (wrong) {
		throw invalidInput(`chunk ${wrong.rowid}: a vector has ${wrong.vector.length} dimensions; ${fingerprint.modelId} makes ${fingerprint.dims}`);
	}

	const {rowCount} = await client.query(`UPDATE md_vector.chunks c SET embedding = v.embedding::vector FROM unnest($2::bigint[], $3::text[]) AS v (id, embedding)
		WHERE c.id = v.id AND c.collection_id = $1 AND c.embedding IS NULL`, [collection.id, vectors.map(entry => entry.rowid), vectors.map(entry => vectorText(entry.vector))]);
	await addTotals(client, collection.id, {documents: 0, chunks: 0, vectors: rowCount ?? 0, tokens: 0, keywordTokens: 0});
	return rowCount ?? 0;
}

/**
 * The `k` chunks with the highest inner product (cosine: vectors are unit length), best first. Through the
 * collection's HNSW index when it has one (the query repeats the index's expression and predicate, which is
 * how the planner picks a partial expression index); exact otherwise.
 */
export async function vectorTopK(pool: pg.Pool, collection: Collection, query: Float32Array, k: number, indexed: boolean, filter?: SearchFilter): Promise<Ranked[]> {
	if (k < 1) {
		return [];
	}

	if (filter) {
		// Exact over the kept documents' chunks, the filter in the statement: HNSW answers at most ef_search rows
		// before a WHERE drops some, which could leave fewer than k.
		const kept = documentCondition('document_id', '$1', filter, 4);
		const {rows} = await pool.query<Ranked>(`SELECT id AS rowid, -(embedding <#> $2::vector) AS score FROM md_vector.chunks
			WHERE collection_id = $1 AND embedding IS NOT NULL AND ${kept.sql} ORDER BY embedding <#> $2::vector, id LIMIT $3`, [collection.id, vectorText(query), k, ...kept.parameters]);
		return rows;
	}

	if (!indexed || collection.dims === null) {
		const {rows} = await pool.query<Ranked>(`SELECT id AS rowid, -(embedding <#> $2::vector) AS score FROM md_vector.chunks
			WHERE collection_id = $1 AND embedding IS NOT NULL ORDER BY embedding <#> $2::vector, id LIMIT $3`, [collection.id, vectorText(query), k]);
		return rows;
	}

	// Ids and dims come from the database as integers: safe in the statement, as the partial index needs literals.
	const cast = `vector(${Number(collection.dims)})`;
	const sql = `SELECT id AS rowid, -(embedding::${cast} <#> $1::${cast}) AS score FROM md_vector.chunks /* ${hnswIndexName(collection.id)} */
		WHERE collection_id = ${Number(collection.id)} AND embedding IS NOT NULL ORDER BY embedding::${cast} <#> $1::${cast} LIMIT $2`;
	// HNSW returns at most ef_search rows: the search list is at least k long (and 100 for recall >= 0.95 at k = 10).
	return inTransaction(pool, async client => {
		await client.query(`SET LOCAL hnsw.ef_search = ${Math.min(Math.max(k, 100), 1000)}`);
		return (await client.query<Ranked>(sql, [vectorText(query), k])).rows;
	});
}
