import type pg from 'pg';
import type {SearchFilter} from '../document-filter.js';
import type {FieldWeights, Ranked} from '../types.js';
import {documentCondition} from './filter-sql.js';

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
export async function keywordTopK(db: Queryable, collectionId: number, terms: readonly string[], limit: number, weights: FieldWeights, filter?: SearchFilter): Promise<Ranked[]> {
	const unique = [...new Set(terms)];
	if (unique.length === 0 || limit < 1) {
		return [];
	}

	// A filter keeps the postings of the documents it keeps, in this statement (BM25's statistics stay the store's).
	const kept = filter ? documentCondition('p.document_id', '$1', filter, 9) : undefined;
	const {rows} = await db.query<Ranked>(`WITH totals AS (
			SELECT sum(chunks)::float8 AS n, sum(keyword_tokens)::float8 / greatest(sum(chunks), 1)::float8 AS avgdl FROM md_vector.collection_totals
		), idf AS (
			SELECT p.term, greatest(ln((t.n - count(*)::float8 + 0.5::float8) / (count(*)::float8 + 0.5::float8)), 1e-6::float8) AS idf
			FROM md_vector.postings p CROSS JOIN totals t WHERE p.term = ANY($2::text[]) GROUP BY p.term, t.n
		)
		SELECT p.chunk_id AS rowid, sum(i.idf * (w.f * ($6::float8 + 1::float8)) / (w.f + $6::float8 * (1::float8 - $7::float8 + $7::float8 * p.chunk_length::float8 / t.avgdl))) AS score
		FROM idf i JOIN md_vector.postings p ON p.collection_id = $1 AND p.term = i.term${kept ? ` AND ${kept.sql}` : ''} CROSS JOIN totals t
		CROSS JOIN LATERAL (SELECT $3::float8 * p.title_count + $4::float8 * p.headings_count + $5::float8 * p.body_count AS f) w
		GROUP BY p.chunk_id ORDER BY score DESC, rowid LIMIT $8`, [collectionId, unique, weights[0], weights[1], weights[2], bm25.k1, bm25.b, limit, ...kept?.parameters ?? []]);
	return rows;
}

/** FTS5's bm25() parameters. */
export const bm25 = {k1: 1.2, b: 0.75} as const;
