import type {RowRange} from '../../keyword-split.js';
import {phrase} from './fts-phrase.js';
import {readVarints} from './fts-varints.js';
import type {Statements} from './statements.js';

/**
 * BM25's statistics over the collections a search ranks (issue 38: a collection ranks the same whatever else is
 * stored), and FTS5's own, which its bm25() used and keyword-steps.ts undoes where md_bm25 was not built (read
 * only then).
 */
export type KeywordStatistics = {
	/** Chunks of the searched collections: N of md-vector's idf. */
	readonly rows: number;
	/** Their average length in keyword tokens over all fields: BM25's avgdl. */
	readonly averageLength: number;
	/** Chunks of the searched collections holding the term. */
	readonly frequency: (term: string) => number;
	/** The rowids of the searched collections' chunks, first to last (none: undefined). */
	readonly rowRange: () => RowRange | undefined;
	readonly fts: () => {
		/** FTS5's row count: its N, which keeps the deleted rows of a contentless table. */
		readonly rows: number;
		/** FTS5's average length (its token totals, deleted rows' too, over its row count). */
		readonly averageLength: number;
		/** Live rows of the whole table holding the term: FTS5's n (a query skips deleted rows). */
		readonly frequency: (term: string) => number;
	};
};

type Totals = {readonly chunks: number; readonly tokens: number};

/**
 * The statistics, read when first needed and kept until a write changes the FTS table (drop()): each collection's
 * totals (the keyword_totals table), FTS5's averages record, and per term its rows in the whole table and, in a
 * store of several collections, in each one.
 */
export class KeywordStatisticsCache {
	private totals: Map<number, Totals> | undefined;
	private ftsAverages: {rows: number; averageLength: number} | undefined;
	private readonly ftsFrequencies = new Map<string, number>();
	private readonly frequencies = new Map<string, Map<number, number>>();
	private readonly ranges = new Map<string, RowRange | undefined>();

	constructor(private readonly sql: Statements) {
		// Fields only.
	}

	drop(): void {
		this.totals = undefined;
		this.ftsAverages = undefined;
		this.ftsFrequencies.clear();
		this.frequencies.clear();
		this.ranges.clear();
	}

	/** The statistics of a search over these collections. */
	of(collectionIds: readonly number[]): KeywordStatistics {
		const totals = this.collectionTotals();
		const searched = new Set(collectionIds);
		let rows = 0;
		let tokens = 0;
		for (const id of searched) {
			rows += totals.get(id)?.chunks ?? 0;
			tokens += totals.get(id)?.tokens ?? 0;
		}

		// Every collection holding chunks is searched: a term's rows are the whole table's (one count, no join).
		const everything = [...totals].every(([id, total]) => total.chunks === 0 || searched.has(id));
		return {
			rows,
			averageLength: rows > 0 ? tokens / rows : 0,
			frequency: everything ? term => this.ftsFrequency(term) : term => this.frequencyIn(term, searched),
			rowRange: () => this.rowRange(everything ? undefined : [...searched]),
			fts: () => ({...this.averages(), frequency: term => this.ftsFrequency(term)}),
		};
	}

	private collectionTotals(): Map<number, Totals> {
		this.totals ??= new Map((this.sql.keywordTotals.all() as Array<Totals & {id: number}>).map(({id, chunks, tokens}) => [id, {chunks, tokens}]));
		return this.totals;
	}

	private averages(): {rows: number; averageLength: number} {
		this.ftsAverages ??= (() => {
			const record = this.sql.ftsAverages.get() as {block: Uint8Array} | undefined;
			const [rows = 0, ...columns] = record ? readVarints(record.block) : [];
			return {rows, averageLength: rows > 0 ? columns.reduce((sum, total) => sum + total, 0) / rows : 0};
		})();
		return this.ftsAverages;
	}

	/** The rowids of these collections' chunks (every collection: undefined), read once until a write. */
	private rowRange(collectionIds: number[] | undefined): RowRange | undefined {
		const key = collectionIds?.sort((a, b) => a - b).join(',') ?? '*';
		if (!this.ranges.has(key)) {
			const range = (collectionIds ? this.sql.keyRangeOf.get(JSON.stringify(collectionIds)) : this.sql.keyRange.get()) as {from: number | null; to: number | null};
			this.ranges.set(key, range.from === null || range.to === null ? undefined : {from: range.from, to: range.to});
		}

		return this.ranges.get(key);
	}

	private ftsFrequency(term: string): number {
		let count = this.ftsFrequencies.get(term);
		if (count === undefined) {
			count = (this.sql.keywordFrequency.get(phrase(term)) as {count: number}).count;
			this.ftsFrequencies.set(term, count);
		}

		return count;
	}

	private frequencyIn(term: string, collections: ReadonlySet<number>): number {
		let counts = this.frequencies.get(term);
		if (!counts) {
			counts = new Map((this.sql.keywordFrequencies.all(phrase(term)) as Array<{id: number; count: number}>).map(({id, count}) => [id, count]));
			this.frequencies.set(term, counts);
		}

		let count = 0;
		for (const id of collections) {
			count += counts.get(id) ?? 0;
		}

		return count;
	}
}
