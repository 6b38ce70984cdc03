export type Ranked = {readonly rowid: number; readonly score: number};

/**
 * Reciprocal rank fusion (Cormack et al. 2009): score = sum of 1 / (k + rank) over the lists a hit is in.
 * Rank-based, so BM25 and cosine scores need no common scale.
 */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly Ranked[]>, k = 60): Ranked[] {
	const scores = new Map<number, number>();
	for (const list of lists) {
		for (const [rank, hit] of list.entries()) {
			scores.set(hit.rowid, (scores.get(hit.rowid) ?? 0) + (1 / (k + rank + 1)));
		}
	}

	return [...scores].map(([rowid, score]) => ({rowid, score})).sort((a, b) => b.score - a.score || a.rowid - b.rowid);
}
