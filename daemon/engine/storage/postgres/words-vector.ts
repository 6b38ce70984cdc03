import {createHash} from 'node:crypto';
import {phraseWords} from '../../../../common/text/keyword-tokens.js';
import type {TextScope} from '../document-filter.js';

// The words phrases compare (phraseWords) as a PostgreSQL tsvector written here, not by to_tsvector (whose parser
// and dictionaries would split and stem otherwise): each word a lexeme, with its positions, so `<->` matches
// exactly what phraseWords matches. A tsvector keeps positions up to 16,383 and 256 per lexeme: a chunk past
// either gets none (NULL), and a search reads its text to check it (postgres-text-scope.ts).

/** PostgreSQL's limits: a lexeme's bytes, a position, positions per lexeme. */
const lexemeBytesMax = 2000;
const positionMax = 16_383;
const positionsPerLexemeMax = 256;

/** A word as its lexeme: itself, or for a word longer than a lexeme may be, a digest of it (no word holds `#`). */
export function lexemeOf(word: string): string {
	return Buffer.byteLength(word) <= lexemeBytesMax ? word : `#${createHash('sha256').update(word).digest('hex')}`;
}

/** A lexeme quoted for a tsvector or tsquery literal. */
function quoted(lexeme: string): string {
	return `'${lexeme.replaceAll('\\', '\\\\').replaceAll('\'', '\'\'')}'`;
}

/** The tsvector literal of a chunk's words, or null when PostgreSQL could not keep every position (then it is checked by its text). */
export function wordsVector(content: string): string | null {
	return wordsVectorOf(phraseWords(content));
}

/** wordsVector of a text's words (phraseWords), when they are at hand. */
export function wordsVectorOf(words: readonly string[]): string | null {
	if (words.length > positionMax) {
		return null;
	}

	const positions = new Map<string, number[]>();
	for (const [index, word] of words.entries()) {
		const lexeme = lexemeOf(word);
		const list = positions.get(lexeme) ?? [];
		list.push(index + 1);
		positions.set(lexeme, list);
	}

	if ([...positions.values()].some(list => list.length > positionsPerLexemeMax)) {
		return null;
	}

	return [...positions].map(([lexeme, list]) => `${quoted(lexeme)}:${list.join(',')}`).join(' ');
}

/** A phrase (its words) as a tsquery: one lexeme, or lexemes that follow one another (`<->`). */
function phraseQuery(words: readonly string[]): string {
	return `(${words.map(word => quoted(lexemeOf(word))).join(' <-> ')})`;
}

/** The tsqueries of a scope: chunks holding every phrase; chunks holding any exclusion. */
export function wordsQueries(text: TextScope): {phrases?: string; exclusions?: string} {
	const phrases = text.phrases.filter(words => words.length > 0);
	const exclusions = text.exclusions.filter(words => words.length > 0);
	return {
		...(phrases.length > 0 ? {phrases: phrases.map(words => phraseQuery(words)).join(' & ')} : {}),
		...(exclusions.length > 0 ? {exclusions: exclusions.map(words => phraseQuery(words)).join(' | ')} : {}),
	};
}
