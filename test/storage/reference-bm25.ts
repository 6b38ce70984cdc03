import {keywordTokens} from '../../common/text/keyword-tokens.js';
import type {DocumentToWrite, FieldWeights} from '../../daemon/engine/storage/types.js';

/** BM25's parameters as FTS5 has them. */
const k1 = 1.2;
const b = 0.75;

type Row = {readonly key: string; readonly columns: ReadonlyArray<readonly string[]>};

/**
 * The ranking keywordTopK must equal, computed here from the written documents: exact BM25 over md-vector's
 * keyword tokens in three columns (document title, the chunk's headings below the title, its body), term
 * frequencies weighted per column, document length and average over all columns, and Lucene's idf
 * (ln(1 + (N - n + 0.5) / (n + 0.5)), written out here, not taken from the code under test). Rows are named
 * `file#ordinal`.
 */
export function referenceRanking(documents: readonly DocumentToWrite[], terms: readonly string[], weights: FieldWeights, averageOver = documents): Array<{key: string; score: number}> {
	const rowsOf = (written: readonly DocumentToWrite[]): Row[] => written.flatMap(document => document.chunks.map(chunk => ({
		key: `${document.fileName}#${chunk.ordinal}`,
		columns: [keywordTokens(document.title), keywordTokens(chunk.headingPath.slice(1).join(' ')), keywordTokens(chunk.content)],
	})));
	const rows = rowsOf(documents);
	const length = (row: Row) => row.columns.reduce((sum, column) => sum + column.length, 0);
	// The length average: over `averageOver`'s rows, e.g. every row ever written where the store keeps deleted ones in it.
	const averaged = rowsOf(averageOver);
	const average = averaged.reduce((sum, row) => sum + length(row), 0) / averaged.length;
	const idf = new Map(terms.map(term => {
		const hits = rows.filter(row => row.columns.some(column => column.includes(term))).length;
		return [term, Math.log(1 + ((rows.length - hits + 0.5) / (hits + 0.5)))];
	}));
	const scored = rows.map(row => {
		let score = 0;
		let matched = false;
		for (const term of terms) {
			const frequency = row.columns.reduce((sum, column, index) => sum + (weights[index]! * column.filter(token => token === term).length), 0);
			if (frequency > 0) {
				matched = true;
				score += idf.get(term)! * frequency * (k1 + 1) / (frequency + (k1 * (1 - b + (b * length(row) / average))));
			}
		}

		return {key: row.key, score, matched};
	});
	return scored.filter(row => row.matched).map(({key, score}) => ({key, score})).sort((x, y) => y.score - x.score);
}
