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
 * (keyword-statistics.ts), of their rows holding an essential term, best `limit` first. Each term is an FTS5 cursor
 * (an "arm"): an essential term's own; a rest term's `"rest" AND (E)` (only the rows that can rank). The arms come
 * in rowid order from FTS5 and are merged, not sorted, so each row's terms are gathered in a stream. Filters
 * (documents kept, phrases, exclusions) are conditions of the same statement (the bounds hold for any subset of rows).
 *
 * Where md_bm25 was built (native/keyword-score.c), one FTS5 cursor does it all: `E1 OR E2 OR (R1 AND (E1 OR E2))
 * ...` matches the rows holding an essential term, and md_bm25 scores each once, idf · (k1 + 1) · f / (f + K) summed
 * over the terms, f a term's weighted count in the row (0 where a rest term's arm is not at that row), K = k1 · (1 − b
 * + b · D / avgdl) with the row's D (chunk_keys) and the searched collections' average.
 *
 * Without it, from FTS5's bm25(), one cursor a term, merged: one bm25() per term and row gives that term's FTS5 share
 * s = ftsIdf · (k1 + 1) · f / (f + Kf), Kf = k1 · (1 − b + b · D / ftsAvgdl) (FTS5's statistics: the whole table's,
 * deleted rows included), undone into f and scored again (a rest arm's bm25() also holds the row's essential shares,
 * taken off again). The same ranking at more CPU: bm25() looks every row's size up (bench/RESULTS.md, issue 37).
 */
export class KeywordSteps {
	private readonly statements = new Map<string, Database.Statement>();

	/** `nativeScoring`: md_bm25 is on the connection. */
	constructor(private readonly db: Database.Database, private readonly nativeScoring: boolean) {
		// Fields only.
	}

	best(scope: StepScope, essential: readonly WeightedTerm[], rest: readonly WeightedTerm[], limit: number): Candidate[] {
		const {statistics, weights, collections, filter, rows} = scope;
		const kept = keepsDocuments(filter) ? namedFilterSql(filter!) : undefined;
		const words = wordsCondition('g.rowid', filter?.text);
		const {k1, b} = bm25;
		const kOwn = k1 * b / statistics.averageLength;
		const parameters: Record<string, number | string> = {
			w0: weights[0], w1: weights[1], w2: weights[2], limit, kFixed: k1 * (1 - b), kOwn, ...kept?.parameters, ...words.parameters,
			...(collections.length === 1 ? {collection: collections[0]!} : {collections: JSON.stringify(collections)}),
			...(rows ? {from: rows.from, to: rows.to} : {}),
		};
		const terms = [...essential, ...rest];
		const anyEssential = essential.map(term => phrase(term.term)).join(' OR ');
		const arms = terms.map((term, index) => (index < essential.length ? phrase(term.term) : `${phrase(term.term)} AND (${anyEssential})`));
		for (const [index, term] of terms.entries()) {
			parameters[`v${index}`] = term.idf * (k1 + 1);
		}

		if (this.nativeScoring) {
			parameters.match = arms.map(arm => `(${arm})`).join(' OR ');
		} else {
			Object.assign(parameters, bm25SharesParameters(statistics, terms, arms, kOwn));
		}

		const conditions = [collections.length === 1 ? 'k.collection_id = @collection' : 'k.collection_id IN (SELECT value FROM json_each(@collections))', kept?.sql, words.sql || undefined].filter(Boolean).join(' AND ');
		const found = this.statement(essential.length, rest.length, conditions, {documents: Boolean(kept), ranged: Boolean(rows), nativeScoring: this.nativeScoring}).all(parameters) as Array<{rowid: number; score: number; boilerplate: number}>;
		return found.map(row => ({rowid: row.rowid, score: row.score, boilerplate: row.boilerplate === 1}));
	}

	private statement(essential: number, rest: number, conditions: string, shape: Shape): Database.Statement {
		const key = `${essential}/${rest}/${conditions}/${shape.ranged}/${shape.documents}`;
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

/**
 * Whether a step joins the chunk's document (a documents filter), keeps to a rowid range (given to FTS5, which seeks
 * to it) and scores with md_bm25 in one cursor (else bm25() in one a term).
 */
type Shape = {readonly documents: boolean; readonly ranged: boolean; readonly nativeScoring: boolean};

const inRange = (ranged: boolean, table: string) => (ranged ? ` AND ${table}.rowid BETWEEN @from AND @to` : '');

/** One FTS5 cursor: the rows matching `@match<index>` (in the range, when ranged) with their share of the score (and which arm, `arm`). */
const ftsArm = (index: number, ranged: boolean, arm = '') => `SELECT f.rowid AS rowid, ${arm}-bm25(chunks_fts, @w0, @w1, @w2) AS share FROM chunks_fts f WHERE chunks_fts MATCH @match${index}${inRange(ranged, 'f')}`;

/**
 * With md_bm25: `@match` is every arm OR-ed, so the phrases are numbered in that order: essential term i is phrase
 * i, rest term j (after E essential ones) phrase E + j · (E + 1), the first of its arm `"R" AND (E1 OR ... OR EE)`.
 */
function nativeStepSql(essential: number, rest: number, conditions: string, {documents, ranged}: Shape): string {
	const pairs = Array.from({length: essential + rest}, (_, index) => `${index < essential ? index : essential + ((index - essential) * (essential + 1))}, @v${index}`).join(', ');
	return `SELECT g.rowid AS rowid, md_bm25(chunks_fts, @kFixed + @kOwn * k.keyword_length, @w0, @w1, @w2, ${pairs}) AS score, k.boilerplate AS boilerplate
		FROM chunks_fts g ${joins(documents)}
		WHERE chunks_fts MATCH @match${inRange(ranged, 'g')} AND ${conditions} ORDER BY score DESC, g.rowid LIMIT @limit`;
}

/**
 * What the steps without md_bm25 add: each arm's match (`match<index>`), 1 / (ftsIdf · (k1 + 1)) to undo a term's
 * share (`u<index>`), with ftsIdf FTS5's idf as its bm25() computes it (its row count, the live rows holding the term,
 * 1e-6 when not positive), and FTS5's length constant beside md-vector's (`kFts`, `kDiff`).
 */
function bm25SharesParameters(statistics: KeywordStatistics, terms: readonly WeightedTerm[], arms: readonly string[], kOwn: number): Record<string, number | string> {
	const {k1, b} = bm25;
	const fts = statistics.fts();
	const kFts = k1 * b / fts.averageLength;
	const parameters: Record<string, number | string> = {kFts, kDiff: kFts - kOwn};
	for (const [index, term] of terms.entries()) {
		const frequency = fts.frequency(term.term);
		const idf = Math.log((fts.rows - frequency + 0.5) / (frequency + 0.5));
		parameters[`match${index}`] = arms[index]!;
		parameters[`u${index}`] = 1 / ((idf <= 0 ? 1e-6 : idf) * (k1 + 1));
	}

	return parameters;
}

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

function stepSql(essential: number, rest: number, conditions: string, shape: Shape): string {
	const {documents, ranged} = shape;
	if (shape.nativeScoring) {
		return nativeStepSql(essential, rest, conditions, shape);
	}

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
