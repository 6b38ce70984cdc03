import {hasOperators, type ParsedQuery} from '../../../common/query-syntax.js';
import {phraseWords} from '../../../common/text/keyword-tokens.js';

/** Whether a chunk's text may be a hit of the query: holds each phrase, word for word in order, and no exclusion. */
export type ChunkCheck = (content: string) => boolean;

/**
 * The query's phrases and exclusions as one check of a candidate chunk, the same for every mode and storage
 * backend (the engine applies it to each ranking's candidates); undefined when the query has neither.
 */
export function queryFilter(parsed: ParsedQuery): ChunkCheck | undefined {
	if (!hasOperators(parsed)) {
		return undefined;
	}

	const wanted = parsed.phrases.map(phrase => phraseWords(phrase)).filter(words => words.length > 0);
	// An exclusion without a word (-"!!") excludes nothing rather than everything.
	const unwanted = parsed.exclusions.map(exclusion => phraseWords(exclusion)).filter(words => words.length > 0);
	return content => {
		const words = phraseWords(content);
		return wanted.every(phrase => holds(words, phrase)) && !unwanted.some(phrase => holds(words, phrase));
	};
}

/** Whether `phrase` occurs in `words` as a run of consecutive words. */
function holds(words: readonly string[], phrase: readonly string[]): boolean {
	const last = words.length - phrase.length;
	for (let start = 0; start <= last; start++) {
		if (phrase.every((word, offset) => words[start + offset] === word)) {
			return true;
		}
	}

	return false;
}
