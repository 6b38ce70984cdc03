import type pg from 'pg';
import {invalidInput} from '../../errors.js';
import {sha256} from '../../hash.js';
import {hasDocumentFilter, hasText, keepsEverything, type ChunkFilter} from '../document-filter.js';
import type {Collection, Fingerprint, Candidate} from '../types.js';
import {documentCondition} from './filter-sql.js';
import {recheck, textCondition, type Recheckable} from './text-scope.js';
import {addTotals, checkFingerprint} from './collections.js';
import {vectorText} from './vector-text.js';
import {parseVectorBinary, vectorArrayParameter} from './vector-binary.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Stored vectors of chunks with these text hashes (any one per hash: equal texts have equal vectors). */
export async function vectorsByHash(db: Queryable, collectionId: number, hashes: readonly string[]): Promise<Map<string, Float32Array>> {
	const {rows} = await db.query<{hash: string; vector: Buffer}>(`SELECT DISTINCT ON (text_hash) text_hash AS hash, vector_send(embedding) AS vector FROM md_vector.chunks
		WHERE collection_id = $1 AND text_hash = ANY($2::text[]) AND embedding IS NOT NULL`, [collectionId, [...new Set(hashes)]]);
	return new Map(rows.map(row => [row.hash, parseVectorBinary(row.vector)]));
}

/** Chunks stored without a vector, in rowid order, with the text to embed (heading path, then the chunk). */
export async function chunksWithoutVectors(db: Queryable, collectionId: number, limit: number): Promise<Array<{rowid: number; text: string}>> {
	const {rows} = await db.query<{rowid: number; headingPath: string[]; content: string}>(`SELECT id AS rowid, heading_path AS "headingPath", content FROM md_vector.chunks
		WHERE collection_id = $1 AND embedding IS NULL ORDER BY id LIMIT $2`, [collectionId, limit]);
	return rows.map(row => ({rowid: row.rowid, text: `${row.headingPath.join(' > ')}\n\n${row.content}`}));
}

/** Gives vectors to chunks of the collection that have none, in the caller's transaction; answers how many it set. */
export async function setVectors(client: pg.ClientBase, collection: Collection, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, fingerprint: Fingerprint, vectorType: number): Promise<number> {
	await checkFingerprint(client, collection, fingerprint);
	const wrong = vectors.find(({vector}) => vector.length !== fingerprint.dims);
	if (wrong) {
		throw invalidInput(`chunk ${wrong.rowid}: a vector has ${wrong.vector.length} dimensions; ${fingerprint.modelId} makes ${fingerprint.dims}`);
	}

	const {rowCount} = await client.query(`UPDATE md_vector.chunks c SET embedding = v.embedding FROM unnest($2::bigint[], $3::vector[]) AS v (id, embedding)
		WHERE c.id = v.id AND c.collection_id = $1 AND c.embedding IS NULL`, [collection.id, vectors.map(entry => entry.rowid), vectorArrayParameter(vectors.map(entry => entry.vector), vectorType)]);
	await addTotals(client, collection.id, {documents: 0, chunks: 0, vectors: rowCount ?? 0, tokens: 0, keywordTokens: 0}, true);
	return rowCount ?? 0;
}

/**
 * HNSW's search list (hnsw.ef_search) by the collection's vectors, as the embedded store picks its index by size:
 * the smallest list that keeps recall@10 >= 0.98 against exact search. Measured on 384-dimension clustered
 * vectors (bench/RESULTS.md): 31k: 40 -> 1.000; 100k: 40 -> 0.978, 64 -> 0.998. Larger collections get longer
 * lists (not measured here). Never shorter than k.
 */
export const efSearchBySize: ReadonlyArray<{readonly below: number; readonly efSearch: number}> = [
	{below: 50_000, efSearch: 40},
	{below: 250_000, efSearch: 64},
	{below: 1_000_000, efSearch: 100},
	{below: Number.POSITIVE_INFINITY, efSearch: 200},
];

/** efSearchBySize as SQL over the collection's vector count (`vectors`). */
const efSearchSql = `CASE ${efSearchBySize.filter(step => Number.isFinite(step.below)).map(step => `WHEN vectors < ${step.below} THEN ${step.efSearch}`).join(' ')} ELSE ${efSearchBySize.at(-1)!.efSearch} END`;

/**
 * The `k` chunks with the highest inner product (cosine: vectors are unit length), best first, in one round
 * trip, and only while the collection still holds vectors of the fingerprint it names (the query was made for
 * it): the statement checks it in its own snapshot, so a model switch that commits meanwhile leaves it either
 * wholly before or wholly after (postgres-storage.ts tells "switched" from "empty"). `watermark`: that of the
 * collection's HNSW index as the caller last saw it (hnsw-index.ts; null: an index covering every row, undefined:
 * none), see vectorSearchSql. Before the search, in the same round trip, the search list is set by the
 * collection's size now (efSearchBySize, at least k; pgvector 0.8's iterative scan, set on every connection, goes
 * on past it if rows are missing).
 */
export async function vectorTopK(pool: pg.Pool, collection: Collection, query: Float32Array, k: number, filter?: ChunkFilter, watermark?: number | null): Promise<Candidate[]> {
	if (k < 1 || collection.dims === null) {
		return [];
	}

	if (!keepsEverything(filter)) {
		// Exact over the kept chunks, the filter in the statement: HNSW answers at most ef_search rows before a WHERE
		// drops some, which could leave fewer than k.
		const text = hasText(filter!.text) ? filter!.text : undefined;
		for (let fetch = k; ; fetch *= 4) {
			// Once, unless chunks without indexed words were read back and some did not hold the phrases.
			const found = recheck(await filteredRows(pool, collection, query, fetch, filter!, Boolean(text)), text);
			if (found.dropped === 0 || found.rows.length + found.dropped < fetch) {
				return found.rows.slice(0, k).map(row => ({rowid: row.rowid, score: row.score, ...(row.boilerplate === null ? {} : {boilerplate: row.boilerplate})}));
			}
		}
	}

	const {setup, search} = vectorSearchSql(collection, query, k, watermark);
	const results = await pool.query<Candidate & {boilerplate: boolean | null}>(`${setup};\n${search}`) as unknown as Array<pg.QueryResult<Candidate & {boilerplate: boolean | null}>>;
	return results[1]!.rows.map(row => ({rowid: row.rowid, score: row.score, ...(row.boilerplate === null ? {} : {boilerplate: row.boilerplate})}));
}

async function filteredRows(pool: pg.Pool, collection: Collection, query: Float32Array, k: number, filter: ChunkFilter, text: boolean): Promise<Recheckable[]> {
	const parameters: unknown[] = [[collection.id], vectorText(query), k];
	const conditions: string[] = [];
	if (hasDocumentFilter(filter)) {
		const kept = documentCondition('document_id', 'ANY($1)', filter, parameters.length + 1);
		conditions.push(kept.sql);
		parameters.push(...kept.parameters);
	}

	const words = textCondition('document_id', 'id', '$1', filter.text, parameters.length + 1);
	if (words.sql) {
		conditions.push(words.sql);
		parameters.push(...words.parameters);
	}

	const {rows} = await pool.query<Recheckable>(`SELECT id AS rowid, -(embedding <#> $2::vector) AS score, boilerplate, ${text ? 'CASE WHEN words IS NULL THEN content END' : 'NULL::text'} AS unindexed
		FROM md_vector.chunks WHERE collection_id = ANY($1::bigint[]) AND embedding IS NOT NULL AND ${fingerprintHolds(collection)} AND ${conditions.join(' AND ')} ORDER BY embedding <#> $2::vector, id LIMIT $3`, parameters);
	return rows;
}

/**
 * vectorTopK's two statements: the search list's length for the collection's size now, then the search. The search
 * repeats the HNSW index's expression and predicate (the vectors cast to the collection's dimension, the
 * collection's rows, and with a watermark `id <= W`, the same literal), so the planner uses the index when it exists
 * and is valid, and scans exactly otherwise. With a watermark it is the union of two searches, each the best k of
 * its part: the rows up to W (through the index) and the tail above it (exact, by the primary key's order), merged
 * to the best k with today's tie order (score, then id). Exact over the tail whatever W is: a stale one (another
 * daemon built an index with a newer watermark since) only makes the exact part longer; the newer index's
 * predicate (`id <= W'`, W' > W) still follows from `id <= W`, so the planner can take it for the indexed part.
 * Ids, dims and watermarks come from the database as integers: safe in the statement, and the partial index
 * needs literals; the query vector is numbers only.
 */
export function vectorSearchSql(collection: Collection, query: Float32Array, k: number, watermark?: number | null): {setup: string; search: string} {
	const cast = `vector(${Number(collection.dims)})`;
	const literal = `'${vectorText(query)}'::${cast}`;
	const id = Number(collection.id);
	const part = (rows: string) => `SELECT id AS rowid, -(embedding::${cast} <#> ${literal}) AS score, boilerplate FROM md_vector.chunks
		WHERE collection_id = ${id} AND embedding IS NOT NULL${rows} AND ${fingerprintHolds(collection)} ORDER BY embedding::${cast} <#> ${literal}, id LIMIT ${Number(k)}`;
	return {
		setup: `SELECT set_config('hnsw.ef_search', least(greatest(${Number(k)},
			(SELECT ${efSearchSql} FROM md_vector.collection_totals WHERE collection_id = ${id})), 1000)::text, false)`,
		search: typeof watermark === 'number'
			? `(${part(` AND id <= ${Number(watermark)}`)})\n\t\tUNION ALL (${part(` AND id > ${Number(watermark)}`)})\n\t\tORDER BY score DESC, rowid LIMIT ${Number(k)}`
			: part(''),
	};
}

/**
 * A condition true while the collection's fingerprint is `collection`'s, evaluated once per statement (it refers to
 * no row). Literals only (the search statement has no parameters): numbers, and the model's name as its hex hash.
 */
function fingerprintHolds(collection: Collection): string {
	return `EXISTS (SELECT 1 FROM md_vector.collections f WHERE f.id = ${Number(collection.id)} AND f.dims = ${Number(collection.dims)}
		AND encode(sha256(convert_to(f.model_id, 'UTF8')), 'hex') = '${sha256(collection.modelId ?? '')}')`;
}
