import type {Candidate} from './types.js';

/**
 * A keyword search that would score this many rows or more runs as two halves of the rowids, side by side (the
 * embedded store's two keyword threads, two PostgreSQL connections), when no other keyword search runs: a term in
 * most chunks leaves nothing to skip (every row holding it is scored: 45 ms for a term in 77k of 94k chunks), and
 * both backends seek to a rowid range, so each half costs a little over half. Below this, a search is answered
 * whole: split, each half keeps its own top k and a statement of its own (more work in all: 11-20 % for the queries
 * split at 94k chunks). bench/RESULTS.md, issue 37.
 */
export const splitAboveRows = 10_000;

/** Rowids from `from` to `to`, both included. */
export type RowRange = {readonly from: number; readonly to: number};

/** The two halves of the searched rows' rowids (none when there is nothing to halve). */
export function halvesOf(range: RowRange | undefined): [RowRange, RowRange] | undefined {
	if (!range || range.to <= range.from) {
		return undefined;
	}

	const middle = Math.floor((range.from + range.to) / 2);
	return [{from: range.from, to: middle}, {from: middle + 1, to: range.to}];
}

/**
 * The top `limit` of the halves' own top lists, in the order a whole search gives (score, then rowid): exact, as
 * each half's list is the exact top of its rows (a row's score does not depend on which half holds it).
 */
export function mergeHalves<Row extends Pick<Candidate, 'rowid' | 'score'>>(halves: ReadonlyArray<readonly Row[]>, limit: number): Row[] {
	return halves.flat().sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, limit);
}
