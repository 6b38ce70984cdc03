// Fusion settings measured side by side: the keyword and semantic chunk rankings of every query are fetched once
// (top 100 each, through the API) and fused here with the daemon's own functions at each setting, then cut to
// one hit per document as the daemon does. Train queries only: this is how the defaults were chosen.
import type {DaemonClient} from '../../source/client/daemon-client.js';
import type {SearchResult} from '../../source/client/api-types.js';
import {convexFusion, reciprocalRankFusion} from '../../daemon/engine/search/fusion.js';
import type {Ranked} from '../../daemon/engine/storage/types.js';
import {score, type Scores} from './evaluate.js';
import type {QuerySet} from './query-set.js';

export const rrfKs = [1, 5, 10, 20, 40, 60, 100] as const;
export const semanticWeights = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8] as const;

export type SweepRow = {readonly label: string; readonly scores: Scores};

export async function sweepFusion(client: DaemonClient, set: QuerySet, collection: string): Promise<SweepRow[]> {
	const lists = new Map<string, {semantic: SearchResult[]; keyword: SearchResult[]}>();
	for (const query of set.queries) {
		const [semantic, keyword] = await Promise.all((['semantic', 'keyword'] as const).map(async mode =>
			(await client.search({query: query.text, top_k: 100, mode, collection})).results));
		lists.set(query.id, {semantic: semantic!, keyword: keyword!});
	}

	const measure = (label: string, fuse: (semantic: Ranked[], keyword: Ranked[]) => Ranked[]): SweepRow => {
		const rankings = new Map<string, string[]>();
		for (const [id, {semantic, keyword}] of lists) {
			const rowids = new Map<string, number>(); // the fusion functions key hits by number
			const files: string[] = [];
			const ranked = (results: SearchResult[]) => results.map(result => {
				if (!rowids.has(result.id)) {
					rowids.set(result.id, files.length);
					files.push(set.documentId(result.source_file));
				}

				return {rowid: rowids.get(result.id)!, score: result.score};
			});
			const fused = fuse(ranked(semantic), ranked(keyword));
			rankings.set(id, [...new Set(fused.map(hit => files[hit.rowid]!))]);
		}

		return {label, scores: score(set, rankings)};
	};

	return [
		...rrfKs.map(k => measure(`rrf k=${k}`, (semantic, keyword) => reciprocalRankFusion([semantic, keyword], k))),
		...semanticWeights.map(weight => measure(`convex semantic ${weight}`, (semantic, keyword) => convexFusion([semantic, keyword], [weight, 1 - weight]))),
	];
}
