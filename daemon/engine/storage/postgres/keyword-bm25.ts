import type pg from 'pg';
import {hasDocumentFilter, hasText, type ChunkFilter} from '../document-filter.js';
import type {FieldWeights, Candidate} from '../types.js';
import {sha256} from '../../hash.js';
import {bm25} from '../bm25.js';
import {mergeHalves} from '../keyword-split.js';
import {documentCondition} from './filter-sql.js';
import type {DocumentFrequencies} from './document-frequencies.js';
import type {KeywordHalves} from './keyword-halves.js';
import {chunkFields} from './read-documents.js';
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
 * `withChunks`: each candidate comes with its chunk (Candidate.chunk), read by the same statement. `frequencies`:
 * document frequencies kept from earlier searches, used where still exact (document-frequencies.ts), and added to.
 */
export async function keywordTopK(db: Queryable, collectionIds: readonly number[], terms: readonly string[], limit: number, weights: FieldWeights, filter?: ChunkFilter, options: KeywordOptions = {}): Promise<Candidate[]> {
	const unique = [...new Set(terms)];
	if (unique.length === 0 || limit < 1 || collectionIds.length === 0) {
		return [];
	}

	const search = async (middle: number | undefined) => keywordSearch(db, collectionIds, unique, limit, weights, filter, options, middle);
	return options.halves ? options.halves.run(unique, search) : search(undefined);
}

/** keywordTopK, as one statement or two (`middle`: each over the chunk ids up to it or above it). */
async function keywordSearch(db: Queryable, collectionIds: readonly number[], unique: readonly string[], limit: number, weights: FieldWeights, filter: ChunkFilter | undefined, options: KeywordOptions, middle: number | undefined): Promise<Candidate[]> {
	const text = hasText(filter?.text) ? filter.text : undefined;
	const withChunks = options.withChunks ?? false;
	for (let fetch = limit; ; fetch *= 4) {
		// Once, unless chunks without indexed words were read back and some did not hold the phrases.
		const rowOptions = {filter, text, withChunks, frequencies: options.frequencies};
		const halves = middle === undefined
			? [await keywordRows(db, collectionIds, unique, fetch, weights, rowOptions)]
			: await Promise.all([false, true].map(async upper => keywordRows(db, collectionIds, unique, fetch, weights, {...rowOptions, half: {middle, upper}})));
		for (const [first] of halves) {
			if (first) {
				options.frequencies?.learn(collectionIds, first.versions, first.counts ?? {});
			}
		}

		const rows = halves.length === 1 ? halves[0]! : mergeHalves(halves, fetch);

		const found = recheck(rows, text);
		if (found.dropped === 0 || found.rows.length + found.dropped < fetch) {
			return found.rows.slice(0, limit).map(row => ({
				rowid: row.rowid, score: row.score, ...(row.boilerplate === null ? {} : {boilerplate: row.boilerplate}), ...(withChunks ? {chunk: chunkOf(row as ChunkRow)} : {}),
			}));
		}
	}
}

/** `halves`: where a search of many postings is split in two statements run side by side (keyword-halves.ts). */
export type KeywordOptions = {readonly withChunks?: boolean; readonly frequencies?: DocumentFrequencies; readonly halves?: KeywordHalves};

/**
 * A top row, with the document frequencies the statement used (on every row): per collection the postings version
 * it read, per term the counts (terms no collection holds left out; null when none does).
 */
type KeywordRow = Recheckable & {readonly versions: Array<number | null>; readonly counts: Record<string, number[]> | null};

/** A row read with its chunk (withChunks). */
type ChunkRow = KeywordRow & NonNullable<Candidate['chunk']>;

function chunkOf({score, boilerplate, unindexed, versions, counts, ...chunk}: ChunkRow): NonNullable<Candidate['chunk']> {
	return chunk;
}

type RowOptions = {
	readonly filter: ChunkFilter | undefined; readonly text: ChunkFilter['text']; readonly withChunks: boolean; readonly frequencies: DocumentFrequencies | undefined;
	/** Only the chunks with an id up to `middle` (or above it: `upper`). */
	readonly half?: {readonly middle: number; readonly upper: boolean};
};

async function keywordRows(db: Queryable, collectionIds: readonly number[], unique: readonly string[], limit: number, weights: FieldWeights, {filter, text, withChunks, frequencies, half}: RowOptions): Promise<KeywordRow[]> {
	const known = frequencies?.parameters(collectionIds, unique) ?? {versions: collectionIds.map(() => -1), counts: []};
	const parameters: unknown[] = [collectionIds, unique, weights[0], weights[1], weights[2], bm25.k1, bm25.b, limit, known.versions, known.counts];
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

	const filtered = conditions.length > 0;
	if (half) {
		conditions.push(`p.chunk_id ${half.upper ? '>' : '<='} $${parameters.length + 1}::bigint`); // the primary key's range
		parameters.push(half.middle);
	}

	const filterSql = conditions.length > 0 ? conditions.join(' AND ') : undefined;
	const sql = withChunkRows(branched ? keywordSql(unique.length, filterSql) : manyTermsSql(filterSql), Boolean(text), withChunks);
	// Unfiltered, the statement is one of a few dozen texts (a half's among them): prepared once per connection,
	// which saves parsing its several kB (0.3-0.5 ms a search at 31k chunks); still planned for each query's terms
	// (pool.ts forces custom plans). Filtered ones vary with the filter: unnamed, so a connection does not keep them.
	const {rows} = await db.query<KeywordRow>(filtered ? {text: sql, values: parameters} : {name: `keyword-${sha256(sql, 32)}`, text: sql, values: parameters});
	return rows;
}

/**
 * The top rows with what the search needs of their chunk: whether it is boilerplate, and the text of a chunk whose
 * words are not indexed (a phrase query checks it); with `whole`, the chunk as a hit shows it (a keyword search's
 * hits are its top rows: one round trip fewer than reading them after). Joined by document id too (co-located
 * when distributed).
 */
function withChunkRows(topSql: string, text: boolean, whole: boolean): string {
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
const branchesMax = 32;

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
const manyTermsSql = (filterSql?: string) => `WITH ${totalsCte}, ${versionsCte}, ${idfCte}
	SELECT p.chunk_id AS rowid, p.document_id AS document_id, sum(${termScoreSql('i.idf', 't.avgdl')}) AS score, ${usedSql}
	FROM idf i CROSS JOIN totals t
	CROSS JOIN LATERAL (
		SELECT p.chunk_id, p.document_id, p.title_count, p.headings_count, p.body_count, p.chunk_length FROM md_vector.postings p
		WHERE p.collection_id = ANY($1::bigint[]) AND p.term = i.term${filterSql ? ` AND ${filterSql}` : ''} OFFSET 0
	) p
	CROSS JOIN LATERAL (SELECT $3::float8 * p.title_count + $4::float8 * p.headings_count + $5::float8 * p.body_count AS f) w
	GROUP BY p.chunk_id, p.document_id ORDER BY score DESC, rowid LIMIT $8`;
