import {performance} from 'node:perf_hooks';
import type {DaemonClient} from '../../source/client/daemon-client.js';
import type {Fusion, SearchMode} from '../../common/search-contract.js';
import {percentile} from '../machine.js';
import {hitAt, mean, ndcgAt, recallAt, reciprocalRankAt} from './metrics.js';
import type {QuerySet} from './query-set.js';

export type Scores = {
	readonly ndcg10: number;
	readonly recall10: number;
	readonly recall100: number;
	readonly hit5: number;
	readonly mrr10: number;
};

/** Every judged query of a set in one mode through the daemon's API: document-level rankings (collapse), top 100. */
export async function evaluateMode(client: DaemonClient, set: QuerySet, collection: string, mode: SearchMode, fusion?: Fusion): Promise<Scores & {p50: number; p95: number}> {
	const rankings = new Map<string, string[]>();
	const times: number[] = [];
	for (const query of set.queries) {
		const started = performance.now();
		const response = await client.search({query: query.text, top_k: 100, mode, collection, collapse: true, fusion});
		times.push(performance.now() - started);
		rankings.set(query.id, response.results.map(result => set.documentId(result.source_file)));
	}

	return {...score(set, rankings), p50: percentile(times, 50), p95: percentile(times, 95)};
}

/** The measures of document rankings (query id -> document ids, best first) against a set's judgments. */
export function score(set: QuerySet, rankings: ReadonlyMap<string, readonly string[]>): Scores {
	const each = (measure: (ranking: readonly string[], judged: ReadonlyMap<string, number>) => number) =>
		mean(set.queries.map(query => measure(rankings.get(query.id) ?? [], set.qrels.get(query.id)!)));
	return {
		ndcg10: each((ranking, judged) => ndcgAt(ranking, judged, 10)),
		recall10: each((ranking, judged) => recallAt(ranking, judged, 10)),
		recall100: each((ranking, judged) => recallAt(ranking, judged, 100)),
		hit5: each((ranking, judged) => hitAt(ranking, judged, 5)),
		mrr10: each((ranking, judged) => reciprocalRankAt(ranking, judged, 10)),
	};
}
