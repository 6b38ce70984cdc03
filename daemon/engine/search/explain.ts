import type {Fusion, SearchMode} from '../../../common/search-contract.js';
import type {Candidate} from '../storage/types.js';
import {fusionParts, type FusionWeights} from './fusion.js';

/** One ranking's part in a hit's score: its place there (1 = first), its own score, and what it added. */
export type RankingPart = {
	readonly rank: number;
	/** The ranking's own score: BM25 (keyword) or cosine similarity (vector). */
	readonly score: number;
	/** What it added to the hit's score (in keyword or semantic mode, all of it). */
	readonly contribution: number;
	/** contribution as a share of the hit's score, 0 to 1. */
	readonly share: number;
};

/** How a hit ranked (--explain): each ranking's part, null for one that did not find it or did not run. */
export type HitExplain = {
	readonly keyword: RankingPart | null;
	readonly vector: RankingPart | null;
	/** How the two merged (hybrid), else null. */
	readonly fusion: Fusion | null;
};

const round = (value: number) => Number(value.toFixed(6));

/**
 * The explanation of each hit from the lists the search ranked (after its phrases and exclusions) and fused:
 * the numbers fusion used, not a second search.
 */
export function explainer(mode: SearchMode, fusion: Fusion, semantic: readonly Candidate[], keyword: readonly Candidate[], weights?: FusionWeights): (hit: Candidate) => HitExplain {
	const [semanticParts, keywordParts] = mode === 'hybrid' ? fusionParts(fusion, semantic, keyword, weights) : [undefined, undefined];
	const part = (list: readonly Candidate[], parts: ReadonlyMap<number, number> | undefined, hit: Candidate): RankingPart | null => {
		const rank = list.findIndex(entry => entry.rowid === hit.rowid);
		if (rank === -1) {
			return null;
		}

		const contribution = parts ? parts.get(hit.rowid)! : hit.score;
		return {rank: rank + 1, score: round(list[rank]!.score), contribution: round(contribution), share: hit.score > 0 ? round(contribution / hit.score) : 0};
	};

	return hit => ({
		keyword: mode === 'semantic' ? null : part(keyword, keywordParts, hit),
		vector: mode === 'keyword' ? null : part(semantic, semanticParts, hit),
		fusion: mode === 'hybrid' ? fusion : null,
	});
}
