import {parseQuery} from '../../common/query-syntax.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {wordSpans, type WordSpan} from '../../common/text/keyword-tokens.js';

/** What to mark in a hit for a query: its keyword terms, its quoted phrases, and the bare words to fall back on. */
export type QueryMarks = {
	readonly terms: ReadonlySet<string>;
	/** Each phrase as the keys of its words, in order. */
	readonly phrases: ReadonlyArray<readonly string[]>;
	/** Lower-cased words of a query made only of stop words: then they are all there is to mark. */
	readonly words: ReadonlySet<string>;
};

/**
 * The marks of a query, as the search reads it (common/query-syntax.ts): whole words whose keyword tokens (Porter
 * stems) are the query's terms, without stop words or the question's phrasing words unless they are all there
 * is; a quoted phrase as one mark; nothing a `-` excludes.
 */
export function queryMarks(query: string): QueryMarks {
	const parsed = parseQuery(query);
	const {loose} = parsed;
	const phrases = parsed.phrases.map(phrase => wordSpans(phrase).map(span => spanKey(span))).filter(keys => keys.length > 0);
	const terms = new Set(loose.length > 0 ? keywordTerms(loose.join(' ')) : []);
	const words = new Set(terms.size === 0 && phrases.length === 0 ? wordSpans(loose.join(' ')).map(span => span.text.toLowerCase()) : []);
	return {terms, phrases, words};
}

/** Where the marks fall in a text: [start, end) ranges, in order, not overlapping (a phrase is one range). */
export function markedRanges(text: string, marks: QueryMarks): Array<readonly [number, number]> {
	const spans = wordSpans(text);
	const keys = spans.map(span => spanKey(span));
	const ranges: Array<readonly [number, number]> = [];
	for (let index = 0; index < spans.length; index++) {
		const phrase = marks.phrases.find(words => words.every((key, offset) => keys[index + offset] === key));
		if (phrase) {
			ranges.push([spans[index]!.start, spans[index + phrase.length - 1]!.end]);
			index += phrase.length - 1;
		} else if (spans[index]!.tokens.some(token => marks.terms.has(token)) || marks.words.has(spans[index]!.text.toLowerCase())) {
			ranges.push([spans[index]!.start, spans[index]!.end]);
		}
	}

	return ranges;
}

/** A word as a phrase compares it: its keyword tokens, or itself lower-cased when it is a stop word. */
function spanKey(span: WordSpan): string {
	return span.tokens.length > 0 ? span.tokens.join(' ') : span.text.toLowerCase();
}
