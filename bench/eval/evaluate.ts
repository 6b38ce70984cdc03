import {performance} from 'node:perf_hooks';
import type {DaemonClient} from '../../source/client/daemon-client.js';
import type {Fusion, SearchMode} from '../../common/search-contract.js';
import {percentile} from '../machine.js';
import {hitAt, mean, ndcgAt, recallAt, reciprocalRankAt} from './metrics.js';
import {halves, type QuerySet} from './query-set.js';

export type Scores = {
	readonly ndcg10: number;
	readonly recall10: number;
	readonly recall100: number;
	readonly hit5: number;
	readonly mrr10: number;
};

/** Scores over all queries, and nDCG@10 over each half (query-set.ts). */
export type SplitScores = Scores & {readonly tune: number; readonly heldOut: number};

/**
 * Every judged query of a set in one mode through the daemon's API: document-level rankings (collapse). The @10
 * measures come from the first 10 hits a search for 10 answers, as a user asks by default (hybrid fuses the first
 * 50 candidates of each list then, more for more hits); recall@100 from a search for 100.
 */
export async function evaluateMode(client: DaemonClient, set: QuerySet, collection: string, mode: SearchMode, fusion?: Fusion): Promise<SplitScores & {p50: number; p95: number}> {
	const rankings = new Map<string, string[]>();
	const deep = new Map<string, string[]>();
	const times: number[] = [];
	const documents = async (text: string, topK: number) => (await client.search({query: text, top_k: topK, mode, collection, collapse: true, fusion})).results
		.map(result => set.documentId(result.source_file));
	for (const query of set.queries) {
		const started = performance.now();
		rankings.set(query.id, await documents(query.text, 10));
		times.push(performance.now() - started);
		deep.set(query.id, await documents(query.text, 100));
	}

	return {...splitScore(set, rankings, deep), p50: percentile(times, 50), p95: percentile(times, 95)};
}

/**
 * The measures of document rankings (query id -> document ids, best first) against a set's judgments; recall@100
 * from `deep` when given (rankings of 100 hits where `rankings` hold 10).
 */
export function score(set: QuerySet, rankings: ReadonlyMap<string, readonly string[]>, only?: ReadonlySet<string>, deep = rankings): Scores {
	const queries = only ? set.queries.filter(query => only.has(query.id)) : set.queries;
	const each = (measure: (ranking: readonly string[], judged: ReadonlyMap<string, number>) => number, from = rankings) =>
		mean(queries.map(query => measure(from.get(query.id) ?? [], set.qrels.get(query.id)!)));
	return {
		ndcg10: each((ranking, judged) => ndcgAt(ranking, judged, 10)),
		recall10: each((ranking, judged) => recallAt(ranking, judged, 10)),
		recall100: each((ranking, judged) => recallAt(ranking, judged, 100), deep),
		hit5: each((ranking, judged) => hitAt(ranking, judged, 5)),
		mrr10: each((ranking, judged) => reciprocalRankAt(ranking, judged, 10)),
	};
}

export function splitScore(set: QuerySet, rankings: ReadonlyMap<string, readonly string[]>, deep = rankings): SplitScores {
	const {tune, heldOut} = halves(set);
	return {...score(set, rankings, undefined, deep), tune: score(set, rankings, tune).ndcg10, heldOut: score(set, rankings, heldOut).ndcg10};
}
