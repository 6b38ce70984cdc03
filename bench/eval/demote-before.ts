// Hybrid's boilerplate demotion as it was before issue 35 (each such hit's score less half its size), kept for the
// fusion sweep to measure beside the daemon's own (daemon/engine/search/fusion.ts demote).
import type {Candidate} from '../../daemon/engine/storage/types.js';

export function demoteBefore(list: readonly Candidate[], rows: ReadonlySet<number>): Candidate[] {
	return list.map(hit => (rows.has(hit.rowid) ? {rowid: hit.rowid, score: hit.score - (Math.abs(hit.score) / 2)} : hit))
		.sort((a, b) => b.score - a.score || a.rowid - b.rowid);
}
