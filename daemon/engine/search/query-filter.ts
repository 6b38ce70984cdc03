import {hasOperators, type ParsedQuery} from '../../../common/query-syntax.js';
import {phraseWords} from '../../../common/text/keyword-tokens.js';
import {textHolds, type TextScope} from '../storage/document-filter.js';

/** Whether a chunk's text may be a hit of the query: holds each phrase, word for word in order, and no exclusion. */
export type ChunkCheck = (content: string) => boolean;

/**
 * The query's phrases and exclusions as the words phrases compare (phraseWords), which each storage backend answers
 * from an index inside its top-k (storage/document-filter.ts); undefined when the query has neither. An exclusion
 * without a word (-"!!") excludes nothing rather than everything.
 */
export function textScope(parsed: ParsedQuery): TextScope | undefined {
	if (!hasOperators(parsed)) {
		return undefined;
	}

	const phrases = parsed.phrases.map(phrase => phraseWords(phrase)).filter(words => words.length > 0);
	const exclusions = parsed.exclusions.map(exclusion => phraseWords(exclusion)).filter(words => words.length > 0);
	return phrases.length > 0 || exclusions.length > 0 ? {phrases, exclusions} : undefined;
}

/** The same rule read from a chunk's text: what the indexes must agree with (and what a chunk without indexed words is checked by). */
export function queryFilter(parsed: ParsedQuery): ChunkCheck | undefined {
	const scope = textScope(parsed);
	return hasOperators(parsed) ? content => !scope || textHolds(scope, content) : undefined;
}
