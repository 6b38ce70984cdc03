// Pseudo-relevance feedback tried on either half (ranking-variants.ts): the query taken as what its first hits are about.
import type {Candidate} from '../../daemon/engine/storage/types.js';
import type {Bm25Index} from './offline-lists.js';

export type Rm3Options = {readonly terms: number; readonly keep: number; readonly byScore?: boolean};

/**
 * RM3 (Abdul-Jaleel et al. 2004): the query's terms at `keep` of the weight, the rest spread over the `terms` most
 * likely terms of the feedback hits (each hit's term frequencies over its length, hits weighted alike or, with
 * `byScore`, by e^score as a language model's query likelihood would).
 */
export function rm3(index: Bm25Index, query: ReadonlyMap<string, number>, hits: readonly Candidate[], {terms, keep, byScore = false}: Rm3Options): Map<string, number> {
	const weightOf = (hit: Candidate) => (byScore ? Math.exp(hit.score) : 1);
	const total = hits.reduce((sum, hit) => sum + weightOf(hit), 0);
	const model = new Map<string, number>();
	for (const hit of hits) {
		for (const [term, counts] of index.counts[hit.rowid]!) {
			const share = weightOf(hit) / total * (counts[0] + counts[1] + counts[2]) / index.lengths[hit.rowid]!;
			model.set(term, (model.get(term) ?? 0) + share);
		}
	}

	const chosen = [...model].sort((a, b) => b[1] - a[1]).slice(0, terms);
	const mass = chosen.reduce((sum, [, value]) => sum + value, 0);
	const expanded = new Map([...query.keys()].map(term => [term, keep / query.size]));
	for (const [term, value] of chosen) {
		expanded.set(term, (expanded.get(term) ?? 0) + ((1 - keep) * value / mass));
	}

	return expanded;
}

/** Rocchio in vector space: the query vector plus `beta` times the mean of the feedback hits' vectors. */
export function rocchio(query: Float32Array, hits: readonly Candidate[], vectors: readonly Float32Array[], beta: number): Float32Array {
	const moved = Float32Array.from(query);
	for (const hit of hits) {
		for (const [index, value] of vectors[hit.rowid]!.entries()) {
			moved[index]! += beta / hits.length * value;
		}
	}

	return moved;
}
