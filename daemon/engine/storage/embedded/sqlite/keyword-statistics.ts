import {phrase} from './keyword-top-k.js';
import type {Statements} from './statements.js';

export type KeywordStatistics = {readonly frequency: (term: string) => number; readonly rows: number};

/**
 * BM25's statistics of the whole FTS table (not of one collection: scores of collections compare), read once
 * and kept until a write changes the table (drop()).
 */
export class KeywordStatisticsCache {
	private current: KeywordStatistics | undefined;

	constructor(private readonly sql: Statements) {
		// Fields only.
	}

	drop(): void {
		this.current = undefined;
	}

	get(): KeywordStatistics {
		this.current ??= (() => {
			const frequencies = new Map<string, number>();
			return {
				rows: (this.sql.chunksEverInserted.get() as {count: number}).count,
				frequency: (term: string) => {
					let count = frequencies.get(term);
					if (count === undefined) {
						count = (this.sql.keywordFrequency.get(phrase(term)) as {count: number}).count;
						frequencies.set(term, count);
					}

					return count;
				},
			};
		})();
		return this.current;
	}
}
