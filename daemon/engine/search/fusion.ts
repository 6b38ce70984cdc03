import type {Fusion} from '../../../common/search-contract.js';
import type {Candidate} from '../storage/types.js';
import {fusionWeights, type FusionWeights} from './fusion-weights.js';

export type {Fusion} from '../../../common/search-contract.js';
export type {FusionWeights} from './fusion-weights.js';

/**
 * The first hits of a list that set its scale (min-max) and its confidence: hybrid search fetches 50 candidates
 * a list for up to 16 results and more for more, so without a fixed depth a query's first ten would change with
 * how many results were asked for. Hits below the 50th score 0 on that list.
 */
export const scaleDepth = 50;

/**
 * Reciprocal rank fusion (Cormack et al. 2009): score = sum of 1 / (k + rank) over the lists a hit is in.
 * Rank-based, so BM25 and cosine scores need no common scale.
 */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly Candidate[]>, k = 60): Candidate[] {
	return summed(lists.map(list => rrfParts(list, k)));
}

/** What each hit of one list adds to its RRF score. */
function rrfParts(list: readonly Candidate[], k: number): Map<number, number> {
	return new Map(list.map((hit, rank) => [hit.rowid, 1 / (k + rank + 1)]));
}

/**
 * Convex combination of min-max normalised scores (Bruch et al. 2023, "An analysis of fusion functions for
 * hybrid retrieval"): unlike RRF it keeps how far ahead a hit is, not only its place. Each list is scaled to
 * [0, 1] over its own candidates; a hit absent from a list gets 0 there. `weights` sum to 1.
 */
export function convexFusion(lists: ReadonlyArray<readonly Candidate[]>, weights: readonly number[]): Candidate[] {
	return summed(lists.map((list, index) => convexParts(list, weights[index]!)));
}

/** What each hit of one list adds to its convex score: the weight times its min-max normalised score. */
function convexParts(list: readonly Candidate[], weight: number): Map<number, number> {
	const parts = new Map<number, number>();
	if (list.length === 0) {
		return parts;
	}

	const values = list.slice(0, scaleDepth).map(hit => hit.score);
	const low = Math.min(...values);
	const span = Math.max(...values) - low;
	for (const hit of list) {
		const normalised = span > 0 ? Math.max(0, (hit.score - low) / span) : 1; // one candidate, or all tied: full marks
		parts.set(hit.rowid, weight * normalised);
	}

	return parts;
}

/** The semantic weight of a model of no known family when both halves are as sure (fusion-weights.ts). */
export const convexSemanticWeight = fusionWeights(undefined).semantic;

/** Scores whose deviation is below this share of their mean are tied. */
const tiedBelow = 1e-9;

/**
 * How sure a ranking is of its first hit: how far that stands above the mean of the first ten, in standard
 * deviations of its first 50 (scaleDepth). A keyword list whose first hit holds the query's rare terms stands out; a
 * semantic list of near-equal similarities does not. 0 for fewer than two hits or all tied.
 */
export function confidence(list: readonly Candidate[]): number {
	if (list.length < 2) {
		return 0;
	}

	const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
	const scores = list.slice(0, scaleDepth).map(hit => hit.score);
	const average = mean(scores);
	const deviation = Math.sqrt(mean(scores.map(score => (score - average) ** 2)));
	// Tied scores (to rounding: their mean need not equal them) stand out from nothing: a deviation of a few ulps
	// would divide rounding noise into a confidence of any size.
	return deviation > tiedBelow * Math.abs(average) ? (scores[0]! - mean(scores.slice(0, 10))) / deviation : 0;
}

/**
 * The semantic list's weight for one query: the half that is surer of its first hit gets more say (issue 28,
 * bench/RESULTS.md: SciFact train hybrid nDCG@10 0.734 -> 0.738, KEP questions 0.930 -> 0.938 with this alone),
 * around the model family's own weight (fusion-weights.ts).
 */
export function semanticWeight(semantic: readonly Candidate[], keyword: readonly Candidate[], weights: FusionWeights = fusionWeights(undefined)): number {
	const weight = weights.semantic + (weights.trustStep * (confidence(semantic) - confidence(keyword)));
	return Math.min(weights.range[1], Math.max(weights.range[0], weight));
}

/**
 * A list with the given rows moved down: each keeps half of its lead over `floor`, then best first again, below
 * the hits it ties with. What hybrid search does to boilerplate (boilerplate.ts, demoteBoilerplate).
 */
export function demote(list: readonly Candidate[], rows: ReadonlySet<number>, floor = 0): Candidate[] {
	if (!list.some(hit => rows.has(hit.rowid))) {
		return [...list];
	}

	const moved = (hit: Candidate) => (rows.has(hit.rowid) ? 1 : 0);
	return list.map(hit => (rows.has(hit.rowid) && hit.score > floor ? {rowid: hit.rowid, score: floor + ((hit.score - floor) / 2)} : hit))
		.sort((a, b) => b.score - a.score || moved(a) - moved(b) || a.rowid - b.rowid); // below the hits they tie with
}

/**
 * Boilerplate at half in each list before fusion: BM25 halved (no match scores 0), a cosine half of its lead over
 * the list's floor (its scaleDepth-th hit). Halving a cosine itself (until issue 35) put it far below every other
 * candidate (unrelated texts still score 0.7 with bge or e5): it became the list's minimum and squeezed the other
 * hits' scaled scores toward 1, so the semantic half stopped telling them apart (KEP questions, bench/RESULTS.md).
 */
export function demoteBoilerplate(semantic: readonly Candidate[], keyword: readonly Candidate[], rows: ReadonlySet<number>): [Candidate[], Candidate[]] {
	const floor = Math.min(...semantic.slice(0, scaleDepth).map(hit => hit.score));
	return [demote(semantic, rows, floor), demote(keyword, rows)];
}

export function fuse(fusion: Fusion, semantic: readonly Candidate[], keyword: readonly Candidate[], weights?: FusionWeights): Candidate[] {
	return summed(fusionParts(fusion, semantic, keyword, weights));
}

/**
 * What each hit of the semantic and of the keyword list adds to its fused score (a hit absent from a list has
 * no entry there): fuse sums them, and --explain shows them.
 */
export function fusionParts(fusion: Fusion, semantic: readonly Candidate[], keyword: readonly Candidate[], weights?: FusionWeights): [Map<number, number>, Map<number, number>] {
	if (fusion === 'rrf') {
		return [rrfParts(semantic, 60), rrfParts(keyword, 60)];
	}

	const weight = semanticWeight(semantic, keyword, weights);
	return bothFound([convexParts(semantic, weight), convexParts(keyword, 1 - weight)], (weights ?? fusionWeights(undefined)).both);
}

/**
 * A hit that both halves found above their floor (a part > 0 in each) counts 1 + `both` times one that only one half
 * found: CombMNZ's agreement bonus (Fox and Shaw 1994, score times the lists that found it) at a strength swept per
 * model family. Two independent rankings agreeing is evidence neither gives alone (SciFact train, bench/RESULTS.md).
 * The others' parts are divided rather than the agreed ones multiplied: the same order, and a convex score stays
 * within 0 to 1 as documented (min_score thresholds keep their meaning).
 */
function bothFound([semantic, keyword]: [Map<number, number>, Map<number, number>], both: number): [Map<number, number>, Map<number, number>] {
	if (both === 0) {
		return [semantic, keyword];
	}

	const agreed = (rowid: number) => (semantic.get(rowid) ?? 0) > 0 && (keyword.get(rowid) ?? 0) > 0;
	const scaled = (parts: Map<number, number>) => new Map([...parts].map(([rowid, part]) => [rowid, agreed(rowid) ? part : part / (1 + both)]));
	return [scaled(semantic), scaled(keyword)];
}

/** The lists' parts added up per hit (in list order, as the fused score always was), best first. */
function summed(lists: ReadonlyArray<ReadonlyMap<number, number>>): Candidate[] {
	const scores = new Map<number, number>();
	for (const parts of lists) {
		for (const [rowid, part] of parts) {
			scores.set(rowid, (scores.get(rowid) ?? 0) + part);
		}
	}

	return [...scores].map(([rowid, score]) => ({rowid, score})).sort((a, b) => b.score - a.score || a.rowid - b.rowid);
}
