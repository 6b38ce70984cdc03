// Ranking measures as BEIR (pytrec_eval) computes them: graded gains, log2 discount, ideal from the judgments.

/** nDCG@k of a ranking of document ids against graded judgments (ungraded ids count 0). */
export function ndcgAt(ranking: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
	const dcg = ranking.slice(0, k).reduce((sum, id, rank) => sum + ((judged.get(id) ?? 0) / Math.log2(rank + 2)), 0);
	const ideal = [...judged.values()].filter(grade => grade > 0).sort((a, b) => b - a).slice(0, k)
		.reduce((sum, grade, rank) => sum + (grade / Math.log2(rank + 2)), 0);
	return ideal === 0 ? 0 : dcg / ideal;
}

/** Share of the relevant documents found in the first k. */
export function recallAt(ranking: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
	const relevant = [...judged].filter(([, grade]) => grade > 0).map(([id]) => id);
	if (relevant.length === 0) {
		return 0;
	}

	const top = new Set(ranking.slice(0, k));
	return relevant.filter(id => top.has(id)).length / relevant.length;
}

export const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** 1 when a relevant document is among the first k, else 0. */
export function hitAt(ranking: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
	return ranking.slice(0, k).some(id => (judged.get(id) ?? 0) > 0) ? 1 : 0;
}

/** 1 / rank of the first relevant document within the first k, else 0 (averaged: MRR@k). */
export function reciprocalRankAt(ranking: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
	const rank = ranking.slice(0, k).findIndex(id => (judged.get(id) ?? 0) > 0);
	return rank === -1 ? 0 : 1 / (rank + 1);
}
