import {chunkFields} from './read-documents.js';

// The statements of PostgreSQL's keyword search (keyword-bm25.ts runs them): exact BM25 from the postings tables.

/**
 * The top rows with what the search needs of their chunk: whether it is boilerplate, and the text of a chunk whose
 * words are not indexed (a phrase query checks it); with `whole`, the chunk as a hit shows it (a keyword search's
 * hits are its top rows: one round trip fewer than reading them after). Joined by document id too (co-located
 * when distributed).
 */
export function withChunkRows(topSql: string, text: boolean, whole: boolean): string {
	return `SELECT s.rowid AS rowid, s.score AS score, c.boilerplate AS boilerplate, ${text ? 'CASE WHEN c.words IS NULL THEN c.content END' : 'NULL::text'} AS unindexed,
		s.versions, s.counts${whole ? `, c.collection_id AS "collectionId", ${chunkFields}` : ''}
	FROM (${topSql}) s JOIN md_vector.chunks c ON c.document_id = s.document_id AND c.id = s.rowid${whole ? ' JOIN md_vector.documents d ON d.id = c.document_id' : ''}
	ORDER BY s.score DESC, s.rowid`;
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
export const branchesMax = 32;

/**
 * Each collection searched with its postings version, and whether the kept document frequencies ($9: the version
 * they were counted at, per collection) are of this snapshot's postings.
 */
const versionsCte = `versions AS MATERIALIZED (
		SELECT k.at, k.id, v.postings_version AS version, v.postings_version = k.seen AS known
		FROM unnest($1::bigint[], $9::bigint[]) WITH ORDINALITY AS k (id, seen, at) LEFT JOIN md_vector.collection_totals v ON v.collection_id = k.id
	)`;

/**
 * The idf CTE: per term, its document frequency in each collection searched, then its idf, once. A frequency is the
 * kept one ($10, term-major) when its collection's version is the one it was counted at, else counted here (`OFFSET 0`:
 * once, where the planner would otherwise copy the count into each use of `per.n`).
 */
const idfCte = `idf AS MATERIALIZED (
		SELECT q.at, q.term, ${idfSql} AS idf, df.counts
		FROM unnest($2::text[]) WITH ORDINALITY AS q (term, at) CROSS JOIN totals t
		CROSS JOIN LATERAL (
			SELECT coalesce(sum(per.n), 0)::float8 AS n, array_agg(per.n ORDER BY k.at) AS counts FROM versions k
			CROSS JOIN LATERAL (SELECT CASE WHEN k.known AND ($10::bigint[])[(q.at - 1) * cardinality($1::bigint[]) + k.at] IS NOT NULL
				THEN ($10::bigint[])[(q.at - 1) * cardinality($1::bigint[]) + k.at]
				ELSE (SELECT count(*) FROM md_vector.postings p WHERE p.collection_id = k.id AND p.term = q.term) END AS n OFFSET 0) per
		) df
		WHERE df.n > 0
	)`;

/** What the statement used, for DocumentFrequencies.learn: each collection's version, each term's counts. */
const usedSql = '(SELECT jsonb_agg(version ORDER BY at) FROM versions) AS versions, (SELECT jsonb_object_agg(term, to_jsonb(counts)) FROM idf) AS counts';

const totalsCte = `totals AS MATERIALIZED (
		SELECT coalesce(sum(chunks), 0)::float8 AS n, coalesce(sum(keyword_tokens), 0)::float8 / greatest(sum(chunks), 1)::float8 AS avgdl
		FROM md_vector.collection_totals WHERE collection_id = ANY($1::bigint[])
	)`;

/*
 * The statement for `termCount` query terms. $1 the collections (bigint[]), $2 the terms, $3-$5 field weights, $6 k1,
 * $7 b, $8 k, $9 and $10 the kept document frequencies (idfCte), then each term again ($11 on), then a filter's
 * parameters (filter-sql.ts, text-scope.ts) if any. Per term, its document frequency is taken from those kept or
 * counted in each collection (an index-only scan of the primary key (collection, term)) and its idf computed once
 * (not per posting). Then one branch
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
		WHERE p.collection_id = ANY($1::bigint[]) AND p.term = $${index + 11}${kept}`);
	return `WITH ${totalsCte}, ${versionsCte}, ${idfCte}
	SELECT rowid, document_id, sum(score) AS score, ${usedSql} FROM (${branches.join('\n\t\tUNION ALL ')}) s
	GROUP BY rowid, document_id ORDER BY score DESC, rowid LIMIT $8`;
}

/** For a query of many terms: one loop over them (`OFFSET 0`: a loop of its own per term), whatever their number. */
export const manyTermsSql = (filterSql?: string) => `WITH ${totalsCte}, ${versionsCte}, ${idfCte}
	SELECT p.chunk_id AS rowid, p.document_id AS document_id, sum(${termScoreSql('i.idf', 't.avgdl')}) AS score, ${usedSql}
	FROM idf i CROSS JOIN totals t
	CROSS JOIN LATERAL (
		SELECT p.chunk_id, p.document_id, p.title_count, p.headings_count, p.body_count, p.chunk_length FROM md_vector.postings p
		WHERE p.collection_id = ANY($1::bigint[]) AND p.term = i.term${filterSql ? ` AND ${filterSql}` : ''} OFFSET 0
	) p
	CROSS JOIN LATERAL (SELECT $3::float8 * p.title_count + $4::float8 * p.headings_count + $5::float8 * p.body_count AS f) w
	GROUP BY p.chunk_id, p.document_id ORDER BY score DESC, rowid LIMIT $8`;
