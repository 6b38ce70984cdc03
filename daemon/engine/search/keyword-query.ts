import {keywordTokens} from '../text/keyword-tokens.js';

/**
 * The query's distinct keyword tokens: BM25 ranks chunks holding more and rarer ones first (any of them
 * matches). Empty when the query has no searchable token (only stop words or punctuation).
 */
export function keywordTerms(query: string): string[] {
	return [...new Set(keywordTokens(query))];
}
