import type Database from 'better-sqlite3';
import {phraseWords} from '../../../../../common/text/keyword-tokens.js';
import type {TextScope} from '../../document-filter.js';
import {isBoilerplate} from '../../../search/boilerplate.js';
import {readVarints} from './fts-varints.js';

/**
 * The words phrases compare (phraseWords: lower case, unstemmed, stop words kept) as one line for the
 * `chunks_words` FTS5 table. Its tokenizer is FTS5's `ascii`: ASCII letters and digits and every non-ASCII
 * character make tokens, the rest of ASCII separates. A word holds only letters, digits and marks and is
 * already lower case, so each word is one token, unchanged: a phrase query there is exactly phraseWords' match.
 */
export function wordsLine(content: string): string {
	return phraseWords(content).join(' ');
}

/** A phrase (its words) as an FTS5 phrase string: the words hold no `"` (nor any other ASCII punctuation). */
function ftsPhrase(words: readonly string[]): string {
	return `"${words.join(' ')}"`;
}

/** The FTS5 queries of `chunks_words` a scope needs: rows holding every phrase; rows holding any exclusion. */
export function wordsQueries(text: TextScope): {phrases?: string; exclusions?: string} {
	const phrases = text.phrases.filter(words => words.length > 0);
	const exclusions = text.exclusions.filter(words => words.length > 0);
	return {
		...(phrases.length > 0 ? {phrases: phrases.map(words => ftsPhrase(words)).join(' AND ')} : {}),
		...(exclusions.length > 0 ? {exclusions: exclusions.map(words => ftsPhrase(words)).join(' OR ')} : {}),
	};
}

/**
 * The scope as SQL over a chunk rowid (`column`), with named parameters `@phrases` and `@exclusions`: SQLite
 * runs each subquery once, into a temporary index, and probes it per row.
 */
export function wordsCondition(column: string, text: TextScope | undefined): {sql: string; parameters: Record<string, string>} {
	const queries = text ? wordsQueries(text) : {};
	const parts: string[] = [];
	if (queries.phrases) {
		parts.push(`${column} IN (SELECT rowid FROM chunks_words WHERE chunks_words MATCH @phrases)`);
	}

	if (queries.exclusions) {
		parts.push(`${column} NOT IN (SELECT rowid FROM chunks_words WHERE chunks_words MATCH @exclusions)`);
	}

	return {sql: parts.join(' AND '), parameters: queries};
}

/**
 * The number of tokens FTS5 counted in a row (its `docsize` record: one varint per column, summed): the D of its
 * bm25(), which keyword-steps.ts needs to turn FTS5's scores into BM25 over other statistics.
 */
export function ftsRowSize(record: Uint8Array | null | undefined): number {
	return record ? readVarints(record).reduce((sum, count) => sum + count, 0) : 0;
}

/** SQL functions the migration to schema 7 fills the new columns and the words table with. */
export function registerTextFunctions(db: Database.Database): void {
	db.function('md_words_line', {deterministic: true}, (content: unknown) => wordsLine(String(content)));
	db.function('md_fts_row_size', {deterministic: true}, (record: unknown) => ftsRowSize(record as Uint8Array | null));
	db.function('md_is_boilerplate', {deterministic: true}, (content: unknown) => (isBoilerplate(String(content)) ? 1 : 0));
}
