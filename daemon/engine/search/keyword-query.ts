import {keywordTokens} from '../text/keyword-tokens.js';

/**
 * An FTS5 query matching any of the query's keyword tokens (BM25 ranks documents with more and rarer ones
 * first). Tokens are quoted, so FTS5 syntax in a query (AND, NEAR, *, :) is searched as text, never run.
 * Undefined when the query has no searchable token (only stop words or punctuation).
 */
export function keywordQuery(query: string): string | undefined {
	const tokens = [...new Set(keywordTokens(query))];
	if (tokens.length === 0) {
		return undefined;
	}

	return tokens.map(token => `"${token.replaceAll('"', '""')}"`).join(' OR ');
}
