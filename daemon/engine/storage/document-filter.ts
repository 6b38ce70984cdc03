// Filters as the backends run them: a path glob as the names it keeps, matched beforehand by automata on the
// embedded store (embedded/kept-names.ts), as a regular expression on PostgreSQL (`~`, whose engine does not
// backtrack); front matter as "pairs" stored beside each document; phrases and exclusions from a words index.
import type {SearchFilter} from '../../../common/search/filter-words.js';
import {phraseWords} from '../../../common/text/keyword-tokens.js';

export type {SearchFilter} from '../../../common/search/filter-words.js';
export {globPattern} from '../../../common/search/glob-pattern.js';

/**
 * A query's phrases and exclusions as the words phrases compare (common/text/keyword-tokens.ts `phraseWords`): a
 * kept chunk's text holds each phrase's words in order, one after the other, and none of the exclusions. Each
 * backend answers it from an index of those words (SQLite: the `chunks_words` FTS5 table; PostgreSQL: the `words`
 * tsvector), inside the top-k's own statement, like a filter.
 */
export type TextScope = {
	readonly phrases: ReadonlyArray<readonly string[]>;
	readonly exclusions: ReadonlyArray<readonly string[]>;
};

/** Which chunks a top-k ranks among: those of the documents the filter keeps whose text holds what `text` asks. */
export type ChunkFilter = SearchFilter & {readonly text?: TextScope};

/** Whether the filter keeps every chunk. */
export function keepsEverything(filter: ChunkFilter | undefined): boolean {
	return !filter || ((filter.paths?.length ?? 0) === 0 && Object.keys(filter.meta ?? {}).length === 0 && !hasText(filter.text));
}

/** Whether the scope asks anything of a chunk's text. */
export function hasText(text: TextScope | undefined): text is TextScope {
	return Boolean(text && (text.phrases.length > 0 || text.exclusions.length > 0));
}

/** Whether a chunk's text holds what the scope asks, read from the text itself (for chunks no index holds the words of). */
export function textHolds(text: TextScope, content: string): boolean {
	const words = phraseWords(content);
	const holds = (phrase: readonly string[]) => {
		for (let start = 0; start + phrase.length <= words.length; start++) {
			if (phrase.every((word, offset) => words[start + offset] === word)) {
				return true;
			}
		}

		return false;
	};

	return text.phrases.every(phrase => phrase.length === 0 || holds(phrase)) && !text.exclusions.some(phrase => phrase.length > 0 && holds(phrase));
}

/** Whether the filter has path or front matter conditions (documents to keep). */
export function hasDocumentFilter(filter: SearchFilter | undefined): boolean {
	return Boolean(filter && ((filter.paths?.length ?? 0) > 0 || Object.keys(filter.meta ?? {}).length > 0));
}

/** A front matter field and value as stored and matched: one JSON string, so neither part can forge the other. */
export function metaPair(key: string, value: string): string {
	return JSON.stringify([key, value]);
}

/** Bounds of what is kept of a document's front matter: it is shown by get and matched by filters, nothing else. */
const metaBytesMax = 16_384;
const pairsMax = 500;

/**
 * Every (field, value) a filter can match: scalars as text (numbers and booleans as written in YAML, `true`),
 * each element of a list of scalars; nested objects and nulls match nothing.
 */
export function metaPairs(meta: Readonly<Record<string, unknown>>): string[] {
	const pairs = new Set<string>();
	const text = (value: unknown) => (typeof value === 'string' ? value : (typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined));
	for (const [key, value] of Object.entries(meta)) {
		for (const element of Array.isArray(value) ? value : [value]) {
			const scalar = text(element);
			if (scalar !== undefined) {
				pairs.add(metaPair(key, scalar.trim()));
			}
		}
	}

	return [...pairs].slice(0, pairsMax);
}

/** Front matter as stored: an object, or nothing when it is larger than is sensible to keep per document. */
export function storedMeta(meta: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
	if (!meta || JSON.stringify(meta).length > metaBytesMax) {
		return {};
	}

	return {...meta};
}

/** The filter's meta as the pairs a document must all hold. */
export function requiredPairs(filter: Pick<SearchFilter, 'meta'>): string[] {
	return Object.entries(filter.meta ?? {}).map(([key, value]) => metaPair(key, value.trim()));
}
