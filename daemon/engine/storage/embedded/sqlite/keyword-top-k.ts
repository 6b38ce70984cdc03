import type {Candidate} from '../../types.js';
import {keywordIdf, termBound} from '../../bm25.js';
import type {KeywordStatistics} from './keyword-statistics.js';

/**
 * Exact top-k BM25 (bm25.ts: md-vector's idf) without scoring every match (MaxScore). Scoring every row an
 * OR-query matches is slow: a common term (in 45% of 100k chunks) makes that 45k rows. But no term adds more
 * than idf × (k1 + 1) to a row's score, so rows holding only common terms cannot beat a k-th score above the sum
 * of those terms' bounds. The rarest terms (E) are scored first: the exact scores of the rows holding one of them
 * (keyword-steps.ts). If the k-th score beats the bound of the other terms, that top k is the full query's;
 * otherwise more terms move into E, and when that would score most rows anyway, every term is scored.
 */

/** A query term with what ranking it takes: its rows in the searched collections, md-vector's idf, the most it adds to a row. */
export type WeightedTerm = {readonly term: string; readonly frequency: number; readonly idf: number; readonly bound: number};

export type {KeywordStatistics} from './keyword-statistics.js';

/** What topKeyword needs from the store. */
export type KeywordSource = {
	/** Of the searched collections. */
	readonly statistics: () => KeywordStatistics;
	/** The searched collections' best rows holding an `essential` term, by their exact score over every term; best first. */
	readonly best: (essential: readonly WeightedTerm[], rest: readonly WeightedTerm[], limit: number) => Candidate[];
};

/** Scoring the rare terms' rows costs more than scoring every row once they are this share of all matches. */
const maxShare = 2 / 3;

/**
 * The top `limit`; undefined when a step would score `stopAbove` rows or more (../../keyword-split.ts then splits the
 * search in halves of the rowids): the rows a step scores are those holding one of its essential terms.
 */
export function topKeyword(source: KeywordSource, terms: readonly string[], limit: number, stopAbove = Number.POSITIVE_INFINITY): Candidate[] | undefined {
	const ranked = weighted(source.statistics(), terms);
	if (ranked.length === 0 || limit < 1) {
		return [];
	}

	const matches = ranked.reduce((sum, entry) => sum + entry.frequency, 0);
	const boundOfRest = (from: number) => ranked.slice(from).reduce((sum, entry) => sum + entry.bound, 0);
	let threshold = 0;
	let scored = 0;
	for (let split = 1; split < ranked.length; split++) {
		scored += ranked[split - 1]!.frequency;
		if (scored > maxShare * matches) {
			break;
		}

		if (threshold > 0 && boundOfRest(split) >= threshold) {
			continue; // the k-th score only grows with more terms scored: this split cannot be decisive
		}

		if (scored >= stopAbove) {
			return undefined;
		}

		const top = source.best(ranked.slice(0, split), ranked.slice(split), limit);
		if (top.length < limit) {
			continue; // fewer rows hold a rare term than were asked for: the common terms' rows are needed
		}

		threshold = top.at(-1)!.score;
		if (threshold > boundOfRest(split)) {
			return top;
		}
	}

	return matches >= stopAbove ? undefined : source.best(ranked, [], limit);
}

/** The query's terms that some row of the searched collections holds, rarest first, each with its idf and bound. */
export function weighted(statistics: KeywordStatistics, terms: readonly string[]): WeightedTerm[] {
	return [...new Set(terms)].map(term => {
		const frequency = statistics.frequency(term);
		const idf = keywordIdf(statistics.rows, frequency);
		return {term, frequency, idf, bound: idf * termBound * (1 + 1e-9)}; // the bound widened a hair against rounding
	}).filter(entry => entry.frequency > 0).sort((a, b) => a.frequency - b.frequency || (a.term < b.term ? -1 : 1));
}
