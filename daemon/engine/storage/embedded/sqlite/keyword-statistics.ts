import {phrase, type KeywordStatistics} from './keyword-top-k.js';
import type {Statements} from './statements.js';

/**
 * BM25's statistics of the whole store (not of one collection: scores of collections compare), read once and
 * kept until a write changes the FTS table (drop()).
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
			const averages = this.sql.ftsAverages.get() as {block: Uint8Array} | undefined;
			return {
				rows: (this.sql.liveChunks.get() as {count: number}).count,
				ftsRows: averages ? readVarint(averages.block) : 0,
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

/**
 * The first number of FTS5's averages record (its row count, the N of its idf), a SQLite varint: big-endian,
 * 7 bits a byte while the high bit is set, the ninth byte whole.
 */
export function readVarint(bytes: Uint8Array): number {
	let value = 0;
	for (let index = 0; index < 9 && index < bytes.length; index++) {
		const byte = bytes[index]!;
		if (index === 8) {
			return (value * 256) + byte;
		}

		value = (value * 128) + (byte & 0x7F);
		if ((byte & 0x80) === 0) {
			return value;
		}
	}

	return value;
}
