import type pg from 'pg';
import {hasDocumentFilter, hasText, type ChunkFilter} from '../document-filter.js';
import type {FieldWeights, Candidate} from '../types.js';
import {sha256} from '../../hash.js';
import {bm25} from '../bm25.js';
import {mergeHalves} from '../keyword-split.js';
import {documentCondition} from './filter-sql.js';
import type {DocumentFrequencies} from './document-frequencies.js';
import type {KeywordHalves} from './keyword-halves.js';
import {recheck, textCondition, type Recheckable} from './text-scope.js';
import {branchesMax, keywordSql, manyTermsSql, withChunkRows} from './keyword-sql.js';

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
