// A search over several collections: the engine's per-collection search, merged. Scores are merged only where
// they mean the same in every collection: cosine similarity (semantic), RRF (hybrid, a sum of 1/(60+rank)) and
// the convex fusion's 0-1 score; BM25 (keyword) depends on each collection's own term statistics, so keyword
// lists merge by rank (1/(60+rank), as RRF would). A multi-collection search in the engine can replace this file.
import type {Engine} from '../engine/engine.js';
import type {SearchHit} from '../engine/search/types.js';
import {fromSearchBody, searchDefaults, type SearchBody, type SearchMode} from '../../common/search-contract.js';

export type CollectionHit = SearchHit & {readonly collection: string};

export type MergedSearch = {
	readonly collections: readonly string[];
	readonly mode: SearchMode;
	readonly notices: readonly string[];
	readonly results: readonly CollectionHit[];
};

const rrfK = 60;

export async function searchCollections(engine: Engine, names: readonly string[], body: SearchBody): Promise<MergedSearch> {
	const responses = await Promise.all(names.map(async name => engine.search({...fromSearchBody(body), collection: name})));
	const mode = body.mode ?? searchDefaults.mode;
	const byRank = mode === 'keyword' && names.length > 1;
	const ranked = responses.flatMap(response => response.results.map((hit, rank) => ({
		hit: {...hit, collection: response.collection}, key: byRank ? 1 / (rrfK + rank + 1) : hit.score,
	})));
	ranked.sort((a, b) => b.key - a.key || b.hit.score - a.hit.score);
	return {
		collections: responses.map(response => response.collection),
		mode,
		notices: [...new Set(responses.flatMap(response => (response.notice ? [response.notice] : [])))],
		results: ranked.slice(0, body.top_k ?? searchDefaults.topK).map(entry => entry.hit),
	};
}
