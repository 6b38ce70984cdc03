import type pg from 'pg';
import {hasDocumentFilter, hasText, type ChunkFilter} from '../document-filter.js';
import type {FieldWeights, Candidate} from '../types.js';
import {bm25} from '../bm25.js';
import {documentCondition} from './filter-sql.js';
import {recheck, textCondition, type Recheckable} from './text-scope.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Exact BM25 (../bm25.ts) in one statement (one snapshot), from the postings tables: score = Σ idf(t) ·
 * f·(k1 + 1) / (f + k1·(1 − b + b·D / avgdl)), where f is the term's count in the chunk weighted per field, D the
 * chunk's length in keyword tokens over all fields, avgdl the average over the collections searched, and idf(t) =
 * ln(1 + (N − n + 0.5) / (n + 0.5)) (Lucene's; N the chunks of the collections searched, n those holding t). Same
 * order of operations as FTS5's C code, in float8, so scores agree with the embedded store's to the last bits or nearly.
 *
 * Statistics (N, avgdl, n) are those of the collections searched (issue 38): a collection ranks the same whatever
 * else is stored, and on both backends; a search over several ranks their union as one.
 *
 * On a distributed PostgreSQL the scoring join is grouped by chunk within one shard's postings (postings of a
 * chunk live with its document), so each shard answers its own top k and the coordinator merges them.
 */
export async function keywordTopK(db: Queryable, collectionIds: readonly number[], terms: readonly string[], limit: number, weights: FieldWeights, filter?: ChunkFilter): Promise<Candidate[]> {
	const unique = [...new Set(terms)];
	if (unique.length === 0 || limit < 1 || collectionIds.length === 0) {
		return [];
	}

	const text = hasText(filter?.text) ? filter.text : undefined;
	for (let fetch = limit; ; fetch *= 4) {
		// Once, unless chunks without indexed words were read back and some did not hold the phrases.
		const found = recheck(await keywordRows(db, collectionIds, unique, fetch, weights, filter, text), text);
		if (found.dropped === 0 || found.rows.length + found.dropped < fetch) {
			return found.rows.slice(0, limit).map(row => ({rowid: row.rowid, score: row.score, ...(row.boilerplate === null ? {} : {boilerplate: row.boilerplate})}));
		}
	}
}

async function keywordRows(db: Queryable, collectionIds: readonly number[], unique: readonly string[], limit: number, weights: FieldWeights, filter: ChunkFilter | undefined, text: ChunkFilter['text']): Promise<Recheckable[]> {
	const parameters: unknown[] = [collectionIds, unique, weights[0], weights[1], weights[2], bm25.k1, bm25.b, limit];
	const branched = unique.length <= branchesMax;
	if (branched) {
		parameters.push(...unique);
	}

	// A filter keeps the postings of the documents and chunks it keeps, in this statement (BM25's statistics stay those of the collections).
	const conditions: string[] = [];
	if (hasDocumentFilter(filter)) {
		const kept = documentCondition('p.document_id', 'ANY($1)', filter!, parameters.length + 1);
		conditions.push(kept.sql);
		parameters.push(...kept.parameters);
	}

	const words = textCondition('p.document_id', 'p.chunk_id', '$1', text, parameters.length + 1);
	if (words.sql) {
		conditions.push(words.sql);
		parameters.push(...words.parameters);
	}

	const kept = conditions.length > 0 ? conditions.join(' AND ') : undefined;
	const {rows} = await db.query<Recheckable>(withChunks(branched ? keywordSql(unique.length, kept) : manyTermsSql(kept), Boolean(text)), parameters);
	return rows;
}

/**
 * The top rows with what the search needs of their chunk: whether it is boilerplate, and the text of a chunk whose
 * words are not indexed (a phrase query checks it). Joined by document id too (co-located when distributed).
 */
function withChunks(topSql: string, text: boolean): string {
	return `SELECT s.rowid AS rowid, s.score AS score, c.boilerplate AS boilerplate, ${text ? 'CASE WHEN c.words IS NULL THEN c.content END' : 'NULL::text'} AS unindexed
	FROM (${topSql}) s JOIN md_vector.chunks c ON c.document_id = s.document_id AND c.id = s.rowid ORDER BY s.score DESC, s.rowid`;
}

/**
 * idf(t) from N (chunks of the collections searched) and n (those holding t): Lucene's, positive however common
 * the term (../bm25.ts). Every backend's BM25 changes there and here together.
 */
const idfSql = 'ln(1::float8 + (t.n - df.n + 0.5::float8) / (df.n + 0.5::float8))';

/** One term's BM25 weight in one chunk, given the term's idf and the average length (w.f: the term's count weighted per field). */
function termScoreSql(idf: string, avgdl: string): string {
	return `${idf} * (w.f * ($6::float8 + 1::float8)) / (w.f + $6::float8 * (1::float8 - $7::float8 + $7::float8 * p.chunk_length::float8 / ${avgdl}))`;
}

/** Past this many terms a statement of one branch each takes longer to plan than to run (100 terms: 90 ms). */
const branchesMax = 32;

/** The idf CTE: per term, its document frequency counted in each collection searched, then its idf, once. */
const idfCte = `idf AS MATERIALIZED (
		SELECT q.at, q.term, ${idfSql} AS idf
		FROM unnest($2::text[]) WITH ORDINALITY AS q (term, at) CROSS JOIN totals t
		CROSS JOIN LATERAL (
			SELECT coalesce(sum(per.n), 0)::float8 AS n FROM unnest($1::bigint[]) AS k (id)
			CROSS JOIN LATERAL (SELECT count(*) AS n FROM md_vector.postings p WHERE p.collection_id = k.id AND p.term = q.term OFFSET 0) per
		) df
		WHERE df.n > 0
	)`;

const totalsCte = `totals AS MATERIALIZED (
		SELECT coalesce(sum(chunks), 0)::float8 AS n, coalesce(sum(keyword_tokens), 0)::float8 / greatest(sum(chunks), 1)::float8 AS avgdl
		FROM md_vector.collection_totals WHERE collection_id = ANY($1::bigint[])
	)`;

/*
 * The statement for `termCount` query terms. $1 the collections (bigint[]), $2 the terms, $3-$5 field weights, $6 k1,
 * $7 b, $8 k, then each term again ($9 on), then a filter's parameters (filter-sql.ts, text-scope.ts) if any. Per
 * term, its document frequency is counted in each collection (an index-only scan of the primary key (collection,
 * term), `OFFSET 0` keeping each a loop of its own) and its idf computed once (not per posting). Then one branch
 * per term reads its postings in the searched collections by the primary key, and the scores are summed per chunk
 * and the k best kept. Each term is a value the planner sees, so it knows from the statistics how many postings each
 * has: at 100k chunks, with one loop over the terms it expected 1,900 postings where a query of common words had
 * 70,000, and sorted them on disk.
 */
export function keywordSql(termCount: number, filterSql?: string): string {
	const kept = filterSql ? ` AND ${filterSql}` : '';
	const branches = Array.from({length: termCount}, (_, index) => `SELECT p.chunk_id AS rowid, p.document_id AS document_id,
			${termScoreSql(`(SELECT idf FROM idf WHERE at = ${index + 1})`, '(SELECT avgdl FROM totals)')} AS score
		FROM md_vector.postings p CROSS JOIN LATERAL (SELECT $3::float8 * p.title_count + $4::float8 * p.headings_count + $5::float8 * p.body_count AS f) w
		WHERE p.collection_id = ANY($1::bigint[]) AND p.term = $${index + 9}${kept}`);
	return `WITH ${totalsCte}, ${idfCte}
	SELECT rowid, document_id, sum(score) AS score FROM (${branches.join('\n\t\tUNION ALL ')}) s
	GROUP BY rowid, document_id ORDER BY score DESC, rowid LIMIT $8`;
}

/** For a query of many terms: one loop over them (`OFFSET 0`: a loop of its own per term), whatever their number. */
const manyTermsSql = (filterSql?: string) => `WITH ${totalsCte}, ${idfCte}
	SELECT p.chunk_id AS rowid, p.document_id AS document_id, sum(${termScoreSql('i.idf', 't.avgdl')}) AS score
	FROM idf i CROSS JOIN totals t
	CROSS JOIN LATERAL (
		SELECT p.chunk_id, p.document_id, p.title_count, p.headings_count, p.body_count, p.chunk_length FROM md_vector.postings p
		WHERE p.collection_id = ANY($1::bigint[]) AND p.term = i.term${filterSql ? ` AND ${filterSql}` : ''} OFFSET 0
	) p
	CROSS JOIN LATERAL (SELECT $3::float8 * p.title_count + $4::float8 * p.headings_count + $5::float8 * p.body_count AS f) w
	GROUP BY p.chunk_id, p.document_id ORDER BY score DESC, rowid LIMIT $8`;
