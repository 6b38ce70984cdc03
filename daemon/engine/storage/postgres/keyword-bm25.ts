import type pg from 'pg';
import type {FieldWeights, Ranked} from '../types.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Exact BM25 as FTS5's bm25() computes it, in one statement (one snapshot), from the postings tables:
 * score = Σ idf(t) · f·(k1 + 1) / (f + k1·(1 − b + b·D / avgdl)), where f is the term's count in the chunk
 * weighted per field, D the chunk's length in keyword tokens over all fields, avgdl the average over the store,
 * and idf(t) = ln((N − n + 0.5) / (n + 0.5)) floored at 1e-6 (N the chunks of the store, n those holding t).
 * Same order of operations as FTS5's C code, in float8, so scores agree to the last bits or nearly.
 *
 * Statistics (N, avgdl, n) are the whole store's, as the embedded store's one FTS5 table counts them: keyword
 * scores of different collections compare (a search over several merges them by score), and a collection
 * ranks the same on both backends (storage.ts).
 *
 * On a distributed PostgreSQL the scoring join is grouped by chunk within one shard's postings (postings of a
 * chunk live with its document), so each shard answers its own top k and the coordinator merges them.
 */
export async function keywordTopK(db: Queryable, collectionId: number, terms: readonly string[], limit: number, weights: FieldWeights): Promise<Ranked[]> {
	const unique = [...new Set(terms)];
	if (unique.length === 0 || limit < 1) {
		return [];
	}

	const {rows} = await db.query<Ranked>(keywordSql, [collectionId, unique, weights[0], weights[1], weights[2], bm25.k1, bm25.b, limit]);
	return rows;
}

/**
 * idf(t) from N (chunks of the store) and n (chunks holding t), floored at 1e-6: FTS5's formula. Every
 * backend's BM25 changes here (and in the embedded store's keyword-top-k.ts) together.
 */
const idfSql = 'greatest(ln((t.n - df.n + 0.5::float8) / (df.n + 0.5::float8)), 1e-6::float8)';

/** One term's BM25 weight in one chunk (w.f: the term's count weighted per field). */
const termScoreSql = 'i.idf * (w.f * ($6::float8 + 1::float8)) / (w.f + $6::float8 * (1::float8 - $7::float8 + $7::float8 * p.chunk_length::float8 / t.avgdl))';

/*
 * The plan is fixed by the statement, not left to statistics (a plan chosen on stale ones read every posting of
 * the collection): per query term, `OFFSET 0` keeps each lateral subquery a loop of its own, an index scan
 * of the primary key (collection, term): its document frequency counted in each collection, its postings
 * read in the searched one. Then the sum per chunk and the k best. $1 collection, $2 terms, $3-$5 field
 * weights, $6 k1, $7 b, $8 k.
 */
const keywordSql = `WITH totals AS (
		SELECT sum(chunks)::float8 AS n, sum(keyword_tokens)::float8 / greatest(sum(chunks), 1)::float8 AS avgdl FROM md_vector.collection_totals
	), idf AS (
		SELECT q.term, ${idfSql} AS idf
		FROM unnest($2::text[]) AS q (term) CROSS JOIN totals t
		CROSS JOIN LATERAL (
			SELECT coalesce(sum(per.n), 0)::float8 AS n FROM md_vector.collections k
			CROSS JOIN LATERAL (SELECT count(*) AS n FROM md_vector.postings p WHERE p.collection_id = k.id AND p.term = q.term OFFSET 0) per
		) df
		WHERE df.n > 0
	)
	SELECT p.chunk_id AS rowid, sum(${termScoreSql}) AS score
	FROM idf i CROSS JOIN totals t
	CROSS JOIN LATERAL (
		SELECT p.chunk_id, p.title_count, p.headings_count, p.body_count, p.chunk_length FROM md_vector.postings p
		WHERE p.collection_id = $1 AND p.term = i.term OFFSET 0
	) p
	CROSS JOIN LATERAL (SELECT $3::float8 * p.title_count + $4::float8 * p.headings_count + $5::float8 * p.body_count AS f) w
	GROUP BY p.chunk_id ORDER BY score DESC, rowid LIMIT $8`;

/** FTS5's bm25() parameters. */
export const bm25 = {k1: 1.2, b: 0.75} as const;
