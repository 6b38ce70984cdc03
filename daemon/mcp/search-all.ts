// A search over several collections: the engine's own multi-collection search, one ranking over their union
// (run-search.ts), so scores and ranks mean the same in every collection, keyword included (BM25's statistics
// are the store's).
import type {Engine} from '../engine/engine.js';
import type {SearchHit} from '../engine/search/types.js';
import {fromSearchBody, searchDefaults, type SearchBody, type SearchMode} from '../../common/search-contract.js';

export type CollectionHit = SearchHit;

export type MergedSearch = {
	readonly collections: readonly string[];
	readonly mode: SearchMode;
	readonly notices: readonly string[];
	readonly results: readonly CollectionHit[];
};

export async function searchCollections(engine: Engine, names: readonly string[], body: SearchBody): Promise<MergedSearch> {
	const {collection: _named, ...input} = fromSearchBody(body);
	const response = await engine.search({...input, collections: names});
	return {
		collections: response.collections,
		mode: body.mode ?? searchDefaults.mode,
		notices: response.notice ? [response.notice] : [],
		results: response.results,
	};
}
