import {performance} from 'node:perf_hooks';
import type pg from 'pg';
import {splitAboveRows} from '../keyword-split.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** What PostgreSQL's own statistics say of the postings: rows per common term, and the middle of the chunk ids. */
type Estimates = {readonly rows: ReadonlyMap<string, number>; readonly middle: number | undefined};

/**
 * How long estimates are kept (one small read of the catalog each time): after a large import, autovacuum's
 * ANALYZE gives the new statistics within a minute or so, and searches should split from then on, not minutes
 * later (estimates read before that ANALYZE hold no term, or the counts of a smaller table).
 */
const keptMs = 30_000;

/**
 * Where a keyword search runs as two halves of the chunk ids, one statement each on two connections at once
 * (keyword-bm25.ts): PostgreSQL scores every posting of every term, so a query of a term in most chunks costs
 * tens of milliseconds at 100k chunks, which two backends halve on two cores (bench/RESULTS.md, issue 37). Decided
 * before the search, from the planner's statistics (pg_stats' most common terms of `postings`, with their share of
 * its rows: a term not among them is not common enough to matter), read at most every 30 seconds. The halves are
 * `chunk_id <= middle` and `> middle`: exact whatever the middle (only their balance depends on it).
 */
export class KeywordHalves {
	#estimates: Estimates | undefined;
	#readAt = Number.NEGATIVE_INFINITY;
	#reading: Promise<void> | undefined;
	/** Keyword searches of this daemon under way. */
	#running = 0;

	constructor(private readonly db: Queryable, private readonly splitAbove = splitAboveRows) {
		// Read when first needed.
	}

	/**
	 * Runs a keyword search of these terms, told where to split it (undefined: whole). Split only when no other
	 * keyword search runs: with others in flight the cores are busy anyway, and split, a search costs more in all.
	 */
	async run<T>(terms: readonly string[], search: (middle: number | undefined) => Promise<T>): Promise<T> {
		this.#running++;
		try {
			return await search(this.#running === 1 ? await this.middleFor(terms) : undefined);
		} finally {
			this.#running--;
		}
	}

	/** The middle chunk id to split these terms' search at, or undefined: searched whole. */
	async middleFor(terms: readonly string[]): Promise<number | undefined> {
		if (performance.now() - this.#readAt > keptMs) {
			this.#reading ??= this.read().finally(() => {
				this.#reading = undefined;
			});
			await this.#reading;
		}

		const {rows, middle} = this.#estimates!;
		const postings = [...new Set(terms)].reduce((sum, term) => sum + (rows.get(term) ?? 0), 0);
		return postings >= this.splitAbove ? middle : undefined;
	}

	private async read(): Promise<void> {
		try {
			const {rows: [row]} = await this.db.query<{terms: string[] | null; shares: number[] | null; rows: number; low: string | null; high: string | null}>(`SELECT s.most_common_vals::text::text[] AS terms,
				s.most_common_freqs AS shares, greatest(c.reltuples, 0)::float8 AS rows,
				(SELECT min(id) FROM md_vector.chunks) AS low, (SELECT max(id) FROM md_vector.chunks) AS high
				FROM pg_class c LEFT JOIN pg_stats s ON s.schemaname = 'md_vector' AND s.tablename = 'postings' AND s.attname = 'term'
				WHERE c.oid = 'md_vector.postings'::regclass`);
			const shares = row?.shares ?? [];
			this.#estimates = {
				rows: new Map((row?.terms ?? []).map((term, at) => [term, (shares[at] ?? 0) * row!.rows])),
				middle: row?.low === null || row?.high === null || !row ? undefined : Math.floor((Number(row.low) + Number(row.high)) / 2),
			};
		} catch {
			this.#estimates = {rows: new Map(), middle: undefined}; // no statistics: every search whole
		}

		this.#readAt = performance.now();
	}
}
