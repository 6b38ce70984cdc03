import {keywordTokens} from '../../../../common/text/keyword-tokens.js';
import type {ChunkToWrite} from '../types.js';

/** One chunk's keyword postings: per term, its count in each field; and the chunk's length over all fields. */
export type ChunkPostings = {
	readonly terms: ReadonlyArray<{readonly term: string; readonly counts: readonly [title: number, headings: number, body: number]}>;
	readonly length: number;
};

/**
 * The fields FTS5 indexes in the embedded store, tokenized the same way: the document title, the chunk's
 * headings below the title, its body (its tokens given when at hand). BM25's document length is the sum over the three (FTS5's row size).
 */
export function chunkPostings(title: string, chunk: ChunkToWrite, bodyTokens = keywordTokens(chunk.content)): ChunkPostings {
	const fields = [keywordTokens(title), keywordTokens(chunk.headingPath.slice(1).join(' ')), bodyTokens];
	const counts = new Map<string, [number, number, number]>();
	for (const [field, tokens] of fields.entries()) {
		for (const token of tokens) {
			let entry = counts.get(token);
			if (!entry) {
				entry = [0, 0, 0];
				counts.set(token, entry);
			}

			entry[field]!++;
		}
	}

	return {
		terms: [...counts].map(([term, fieldCounts]) => ({term, counts: fieldCounts})),
		length: fields.reduce((sum, tokens) => sum + tokens.length, 0),
	};
}
