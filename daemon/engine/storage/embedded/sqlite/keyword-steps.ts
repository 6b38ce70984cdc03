import type Database from 'better-sqlite3';
import type {FieldWeights, Candidate} from '../../types.js';
import type {RowRange} from '../../keyword-split.js';
import {bm25} from '../../bm25.js';
import {keepsDocuments, namedFilterSql, type StoreFilter} from './filtered-reads.js';
import type {KeywordStatistics} from './keyword-statistics.js';
import {phrase} from './fts-phrase.js';
import type {WeightedTerm} from './keyword-top-k.js';
import {wordsCondition} from './words-index.js';

/** What a step ranks: the searched collections, their statistics, the column weights and the filter. */
export type StepScope = {
	readonly collections: readonly number[];
	readonly statistics: KeywordStatistics;
	readonly weights: FieldWeights;
	readonly filter?: StoreFilter;
	/** Only rows with a rowid in this range (a half of a search split across the keyword threads: ../../keyword-split.ts). */
	readonly rows?: RowRange;
};

/**
 * The SQL of topKeyword's steps: exact BM25 with md-vector's idf, over the statistics of the searched collections
 * (keyword-statistics.ts), of their rows holding an essential term, best `limit` first.
 *
 * FTS5's bm25() scores with its own statistics (the whole table's, deleted rows in its row count and average length)
 * and sums every term of its query. One bm25() per term and row gives that term's FTS5 share s = ftsIdf · (k1 + 1) ·
 * f / (f + Kf), Kf = k1 · (1 − b + b · D / ftsAvgdl); with the row's D (chunk_keys) that is undone into f and scored
 * again: idf · (k1 + 1) · f / (f + K), K over the searched collections' average length (exact, in float8). An
 * essential term's share comes from its own cursor; a rest term's from `"rest" AND (E)` (only the rows that can rank),
 * whose bm25() also holds the row's essential shares, taken off again. The arms come in rowid order from FTS5 and are
 * merged, not sorted, so each row's shares are gathered in a stream. Filters (documents kept, phrases, exclusions)
 * are conditions of the same statement (the bounds hold for any subset of rows).
 */
export class KeywordSteps {
	private readonly statements = new Map<string, Database.Statement>();

	constructor(private readonly db: Database.Database) {
		// Fields only.
	}

	best(scope: StepScope, essential: readonly WeightedTerm[], rest: readonly WeightedTerm[], limit: number): Candidate[] {
		const {statistics, weights, collections, filter, rows} = scope;
		const kept = keepsDocuments(filter) ? namedFilterSql(filter!) : undefined;
		const words = wordsCondition('g.rowid', filter?.text);
		const {k1, b} = bm25;
		const kFts = k1 * b / statistics.fts.averageLength;
		const kOwn = k1 * b / statistics.averageLength;
		const parameters: Record<string, number | string> = {
			w0: weights[0], w1: weights[1], w2: weights[2], limit, kFixed: k1 * (1 - b), kFts, kOwn, kDiff: kFts - kOwn, ...kept?.parameters, ...words.parameters,
			...(collections.length === 1 ? {collection: collections[0]!} : {collections: JSON.stringify(collections)}),
			...(rows ? {from: rows.from, to: rows.to} : {}),
		};
		const anyEssential = essential.map(term => phrase(term.term)).join(' OR ');
		for (const [index, term] of [...essential, ...rest].entries()) {
			parameters[`match${index}`] = index < essential.length ? phrase(term.term) : `${phrase(term.term)} AND (${anyEssential})`;
			parameters[`u${index}`] = 1 / (term.ftsIdf * (k1 + 1));
			parameters[`v${index}`] = term.idf * (k1 + 1);
		}

		const conditions = [collections.length === 1 ? 'k.collection_id = @collection' : 'k.collection_id IN (SELECT value FROM json_each(@collections))', kept?.sql, words.sql || undefined].filter(Boolean).join(' AND ');
		const found = this.statement(essential.length, rest.length, conditions, {documents: Boolean(kept), ranged: Boolean(rows)}).all(parameters) as Array<{rowid: number; score: number; boilerplate: number}>;
		return found.map(row => ({rowid: row.rowid, score: row.score, boilerplate: row.boilerplate === 1}));
	}

	private statement(essential: number, rest: number, conditions: string, shape: Shape): Database.Statement {
		const key = `${essential}/${rest}/${conditions}/${shape.ranged}`;
		let statement = this.statements.get(key);
		if (!statement) {
			statement = this.db.prepare(stepSql(essential, rest, conditions, shape));
			if (this.statements.size > 500) {
				this.statements.clear(); // filters make many shapes: the cache stays bounded
			}

			this.statements.set(key, statement);
		}

		return statement;
	}
}

const share = '-bm25(chunks_fts, @w0, @w1, @w2)';

/** Whether a step joins the chunk's document (a documents filter) and keeps to a rowid range (given to FTS5, which seeks to it). */
type Shape = {readonly documents: boolean; readonly ranged: boolean};

/** One FTS5 cursor: the rows matching `@match<index>` (in the range, when ranged) with their share of the score (and which arm, `arm`). */
const ftsArm = (index: number, ranged: boolean, arm = '') => `SELECT f.rowid AS rowid, ${arm}${share} AS share FROM chunks_fts f WHERE chunks_fts MATCH @match${index}${ranged ? ' AND f.rowid BETWEEN @from AND @to' : ''}`;

/**
 * Term `index`'s score in a row from its FTS5 share `s` (NULL: the row lacks it): x = s / (ftsIdf · (k1 + 1)) =
 * f / (f + Kf), so f = x · Kf / (1 − x), and idf · (k1 + 1) · f / (f + K) = v · x · Kf / (x · Kf + (1 − x) · K)
 * = v · x · Kf / (x · (kFts − kOwn) · D + K): written so, each row costs SQLite's VM half the steps (every row a
 * common term matches is scored: bench/RESULTS.md, issue 37). A share that is never NULL skips the test.
 */
function termScore(s: string, index: number, nullable = true): string {
	const x = `(${s}) * @u${index}`;
	const score = `@v${index} * ${x} * (@kFixed + @kFts * k.keyword_length) / (${x} * @kDiff * k.keyword_length + @kFixed + @kOwn * k.keyword_length)`;
	return nullable ? `CASE WHEN (${s}) IS NULL THEN 0 ELSE ${score} END` : score;
}

/** The key row (`k`: collection, length, boilerplate) and, for a documents filter, the chunk and its document (`d`). */
const joins = (documents: boolean) => `JOIN chunk_keys k ON k.id = g.rowid${documents ? ' JOIN chunks c ON c.id = g.rowid JOIN documents d ON d.id = c.document_id' : ''}`;

function stepSql(essential: number, rest: number, conditions: string, {documents, ranged}: Shape): string {
	if (essential === 1 && rest === 0) {
		return `SELECT g.rowid AS rowid, ${termScore('g.share', 0, false)} AS score, k.boilerplate AS boilerplate
			FROM (${ftsArm(0, ranged)}) g ${joins(documents)}
			WHERE ${conditions} ORDER BY score DESC, g.rowid LIMIT @limit`;
	}

	const terms = essential + rest;
	const arms = Array.from({length: terms}, (_, index) => ftsArm(index, ranged, `${index} AS arm, `)).join('\n\t\tUNION ALL ');
	const columns = Array.from({length: terms}, (_, index) => `max(CASE WHEN u.arm = ${index} THEN u.share END) AS a${index}`).join(', ');
	const scores = Array.from({length: terms}, (_, index) => termScore(index < essential ? `g.a${index}` : `g.a${index} - g.esum`, index)).join('\n\t\t+ ');
	return `SELECT g.rowid AS rowid, ${scores} AS score, k.boilerplate AS boilerplate FROM (
		SELECT u.rowid AS rowid, sum(CASE WHEN u.arm < ${essential} THEN u.share ELSE 0 END) AS esum, ${columns}
		FROM (${arms} ORDER BY 1) u GROUP BY u.rowid
	) g ${joins(documents)} WHERE ${conditions} ORDER BY score DESC, g.rowid LIMIT @limit`;
}
