import type {Fusion} from '../../../common/search-contract.js';
import type {Ranked} from '../storage/types.js';

export type {Fusion} from '../../../common/search-contract.js';

/**
 * Reciprocal rank fusion (Cormack et al. 2009): score = sum of 1 / (k + rank) over the lists a hit is in.
 * Rank-based, so BM25 and cosine scores need no common scale.
 */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly Ranked[]>, k = 60): Ranked[] {
	return summed(lists.map(list => rrfParts(list, k)));
}

/** What each hit of one list adds to its RRF score. */
function rrfParts(list: readonly Ranked[], k: number): Map<number, number> {
	return new Map(list.map((hit, rank) => [hit.rowid, 1 / (k + rank + 1)]));
}

/**
 * Convex combination of min-max normalised scores (Bruch et al. 2023, "An analysis of fusion functions for
 * hybrid retrieval"): unlike RRF it keeps how far ahead a hit is, not only its place. Each list is scaled to
 * [0, 1] over its own candidates; a hit absent from a list gets 0 there. `weights` sum to 1.
 */
export function convexFusion(lists: ReadonlyArray<readonly Ranked[]>, weights: readonly number[]): Ranked[] {
	return summed(lists.map((list, index) => convexParts(list, weights[index]!)));
}

/** What each hit of one list adds to its convex score: the weight times its min-max normalised score. */
function convexParts(list: readonly Ranked[], weight: number): Map<number, number> {
	const parts = new Map<number, number>();
	if (list.length === 0) {
		return parts;
	}

	const values = list.map(hit => hit.score);
	const low = Math.min(...values);
	const span = Math.max(...values) - low;
	for (const hit of list) {
		const normalised = span > 0 ? (hit.score - low) / span : 1; // one candidate, or all tied: full marks
		parts.set(hit.rowid, weight * normalised);
	}

	return parts;
}

/**
 * The semantic list's weight in convex fusion when both halves are as sure of their first hit (keyword: 1 minus
 * it). Swept on SciFact train with a real model (nDCG@10): 0.3 0.731, 0.4 0.732, 0.5 0.733, 0.6 0.727, 0.7 0.716;
 * RRF's best k (20) reached 0.726.
 */
export const convexSemanticWeight = 0.5;

/** How far the weight moves toward the surer half per unit of confidence between them, and its limits. */
const trustStep = 0.1;
const weightRange = [0.2, 0.8] as const;

/**
 * How sure a ranking is of its first hit: how far that stands above the mean of the first ten, in standard
 * deviations of the whole list. A keyword list whose first hit holds the query's rare terms stands out; a
 * semantic list of near-equal similarities does not. 0 for fewer than two hits or all tied.
 */
export function confidence(list: readonly Ranked[]): number {
	if (list.length < 2) {
		return 0;
	}

	const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
	const scores = list.map(hit => hit.score);
	const average = mean(scores);
	const deviation = Math.sqrt(mean(scores.map(score => (score - average) ** 2)));
	return deviation > 0 ? (scores[0]! - mean(scores.slice(0, 10))) / deviation : 0;
}

/**
 * The semantic list's weight for one query: the half that is surer of its first hit gets more say (issue 28,
 * bench/RESULTS.md: SciFact train hybrid nDCG@10 0.734 -> 0.738, KEP questions 0.930 -> 0.938 with this alone).
 */
export function semanticWeight(semantic: readonly Ranked[], keyword: readonly Ranked[]): number {
	const weight = convexSemanticWeight + (trustStep * (confidence(semantic) - confidence(keyword)));
	return Math.min(weightRange[1], Math.max(weightRange[0], weight));
}

/**
 * A list with the given rows moved down: their score less half its size (BM25's halves, a cosine's halves or, when
 * negative, grows by half), then best first again. What hybrid search does to boilerplate (boilerplate.ts).
 */
export function demote(list: readonly Ranked[], rows: ReadonlySet<number>): Ranked[] {
	if (!list.some(hit => rows.has(hit.rowid))) {
		return [...list];
	}

	return list.map(hit => (rows.has(hit.rowid) ? {rowid: hit.rowid, score: hit.score - (Math.abs(hit.score) / 2)} : hit))
		.sort((a, b) => b.score - a.score || a.rowid - b.rowid);
}

export function fuse(fusion: Fusion, semantic: readonly Ranked[], keyword: readonly Ranked[]): Ranked[] {
	return summed(fusionParts(fusion, semantic, keyword));
}

/**
 * What each hit of the semantic and of the keyword list adds to its fused score (a hit absent from a list has
 * no entry there): fuse sums them, and --explain shows them.
 */
export function fusionParts(fusion: Fusion, semantic: readonly Ranked[], keyword: readonly Ranked[]): [Map<number, number>, Map<number, number>] {
	if (fusion === 'rrf') {
		return [rrfParts(semantic, 60), rrfParts(keyword, 60)];
	}

	const weight = semanticWeight(semantic, keyword);
	return [convexParts(semantic, weight), convexParts(keyword, 1 - weight)];
}

/** The lists' parts added up per hit (in list order, as the fused score always was), best first. */
function summed(lists: ReadonlyArray<ReadonlyMap<number, number>>): Ranked[] {
	const scores = new Map<number, number>();
	for (const parts of lists) {
		for (const [rowid, part] of parts) {
			scores.set(rowid, (scores.get(rowid) ?? 0) + part);
		}
	}

	return [...scores].map(([rowid, score]) => ({rowid, score})).sort((a, b) => b.score - a.score || a.rowid - b.rowid);
}
