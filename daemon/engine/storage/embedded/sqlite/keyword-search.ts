import type Database from 'better-sqlite3';
import {halvesOf, type RowRange} from '../../keyword-split.js';
import type {Candidate, FieldWeights} from '../../types.js';
import type {StoreFilter} from './filtered-reads.js';
import {KeywordStatisticsCache} from './keyword-statistics.js';
import {KeywordSteps} from './keyword-steps.js';
import {topKeyword, type KeywordSource, type WeightedTerm} from './keyword-top-k.js';
import type {Statements} from './statements.js';

/**
 * A store's BM25 top k (keyword-top-k.ts over keyword-steps.ts), with the statistics it keeps until a write of the
 * FTS table (or another connection's commit) drops them.
 */
export class KeywordSearch {
	private readonly statistics: KeywordStatisticsCache;
	private readonly steps: KeywordSteps;

	/** `nativeScoring`: md_bm25 is on the connection (native-scoring.ts). */
	constructor(db: Database.Database, sql: Statements, nativeScoring: boolean) {
		this.statistics = new KeywordStatisticsCache(sql);
		this.steps = new KeywordSteps(db, nativeScoring);
	}

	/** Forgets the statistics: the FTS table changed. */
	drop(): void {
		this.statistics.drop();
	}

	/**
	 * The collections' best `limit` chunks by BM25 (over their own statistics) for chunks holding any of `terms`, of
	 * those `filter` keeps (in `rows`, when given). Higher score is better.
	 */
	top(collectionIds: readonly number[], terms: readonly string[], limit: number, weights: FieldWeights, filter?: StoreFilter, rows?: RowRange): Candidate[] {
		return topKeyword(this.source(collectionIds, weights, filter, rows), terms, limit)!;
	}

	/**
	 * top(), or the two halves of the searched rows it is to be split into (../../keyword-split.ts) when one of its
	 * steps would score `splitAbove` rows or more.
	 */
	topOrHalves(collectionIds: readonly number[], terms: readonly string[], limit: number, weights: FieldWeights, filter: StoreFilter | undefined, splitAbove: number): {hits: Candidate[]} | {halves: [RowRange, RowRange]} {
		const source = this.source(collectionIds, weights, filter);
		const hits = topKeyword(source, terms, limit, splitAbove);
		const halves = hits ? undefined : halvesOf(source.statistics().rowRange());
		return halves ? {halves} : {hits: hits ?? topKeyword(source, terms, limit)!};
	}

	/**
	 * The FTS5 table as topKeyword reads it, for one query; with a filter, its rows the filter keeps (the bounds hold
	 * for any subset), with a range, its rows there (statistics stay the searched collections' whole).
	 */
	source(collectionIds: readonly number[], weights: FieldWeights, filter?: StoreFilter, rows?: RowRange): KeywordSource {
		const collections = [...new Set(collectionIds)];
		const statistics = this.statistics.of(collections);
		return {
			statistics: () => statistics,
			best: (essential: readonly WeightedTerm[], rest: readonly WeightedTerm[], limit: number) => this.steps.best({collections, statistics, weights, filter, rows}, essential, rest, limit),
		};
	}
}
