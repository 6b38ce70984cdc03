import {keywordTokens} from './keyword-tokens.js';

/**
 * Words a question is phrased with rather than about (question words, auxiliaries, pronouns, vague verbs and
 * quantifiers). Dropped from a query, not from the index: in "does chilly weather make clogged arteries worse?"
 * the abstracts holding "does" and "make" outranked the answer. Measured with all-MiniLM-L6-v2 (bench/RESULTS.md,
 * issue 28): KEP questions hybrid nDCG@10 +0.011, SciFact train +0.001.
 */
const queryStopWords = new Set([
	'what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how',
	'do', 'does', 'did', 'doing', 'done', 'can', 'could', 'should', 'would', 'may', 'might', 'must', 'shall',
	'i', 'me', 'my', 'we', 'our', 'you', 'your', 'he', 'she', 'him', 'her', 'its', 'them', 'those',
	'has', 'have', 'had', 'having', 'been', 'being', 'were', 'am',
	'so', 'than', 'too', 'very', 'just', 'about', 'any', 'all', 'some', 'there', 'here', 'from', 'up', 'out', 'over', 'under',
	'again', 'also', 'only', 'own', 'same', 'other', 'more', 'most', 'make', 'makes', 'use', 'used', 'using',
]);

/** At most this many distinct terms count: each is a cursor of the keyword search (the rest of a pasted text adds little). */
export const maxQueryTerms = 64;

/**
 * The query's distinct keyword tokens: BM25 ranks chunks holding more and rarer ones first (any of them
 * matches). Words of the question's phrasing are left out unless they are all there is. Empty when the query
 * has no searchable token (only stop words or punctuation).
 */
export function keywordTerms(query: string): string[] {
	const content = query.split(/\s+/).filter(word => !queryStopWords.has(bare(word))).join(' ');
	const terms = distinct(keywordTokens(content));
	return (terms.length > 0 ? terms : distinct(keywordTokens(query))).slice(0, maxQueryTerms);
}

/** A word as the stop list has it: lower case, without the punctuation around it ("Does", "how?"). */
function bare(word: string): string {
	return word.toLowerCase().replaceAll(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

function distinct(tokens: readonly string[]): string[] {
	return [...new Set(tokens)];
}
