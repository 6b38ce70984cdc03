import {withSearchDefaults, type SearchInput} from '../../../common/search-contract.js';
import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import type {CollectionModels} from '../models/collection-models.js';
import type {VectorFill} from '../vector-fill.js';
import {changedOnDisk, documentKey} from '../documents/changed-on-disk.js';
import {runSearch} from './run-search.js';
import type {SearchOutcome} from './types.js';

export type SearchDeps = {
	readonly storage: Storage;
	readonly models: CollectionModels;
	readonly vectorFill: VectorFill;
	readonly requireCollection: (name: string) => Promise<Collection>;
};

/**
 * Engine.search: the ranking (run-search.ts), each collection with its own model; then, once per query, whether
 * each hit's file changed on disk, and a notice while vectors are still being filled in.
 */
export async function searchCollections(deps: SearchDeps, input: SearchInput): Promise<SearchOutcome> {
	const request = withSearchDefaults(input);
	const {outcome: ranked, rows: collections, models} = await rankedOnce(deps, request);
	// Decided here, once per query: a file read only when its stamp changed (documents/changed-on-disk.ts).
	const changed = await changedOnDisk(deps.storage, collections, ranked.results);
	const response = {...ranked, results: ranked.results.map(hit => ({...hit, changedOnDisk: changed.get(documentKey(hit.collection, hit.fileName)) ?? null}))};
	// Vectors still being filled in: the semantic side ranks only part of the collection, and says so.
	const filling = request.mode !== 'keyword' && models.embedders.size > 0 ? await deps.vectorFill.notice(deps.storage, collections[0]!) : undefined;
	return filling ? {...response, notice: response.notice ? `${response.notice}; ${filling}` : filling} : response;
}

/**
 * The ranking over the collections as they are now. A collection whose model switch swapped while the search ran
 * (its storage refused the old model's query: model_switched) is searched again, once, on its new vectors.
 */
async function rankedOnce({storage, models: collectionModels, requireCollection}: SearchDeps, request: ReturnType<typeof withSearchDefaults>) {
	for (let attempt = 0; ; attempt++) {
		const collections = await Promise.all((request.collections ?? [request.collection]).map(async name => requireCollection(name)));
		const models = await collectionModels.forSearch(collections);
		try {
			return {outcome: await runSearch({storage, models}, collections, request), rows: collections, models};
		} catch (error) {
			const switched = await Promise.all(collections.map(async collection => (await storage.collection(collection.name))?.modelId !== collection.modelId));
			if (attempt > 0 || !switched.includes(true)) {
				throw error;
			}
		}
	}
}
