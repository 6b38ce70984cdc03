import {modelSwitched} from '../../errors.js';
import {queryFits} from '../fingerprint.js';
import {keepsEverything, type ChunkFilter} from '../document-filter.js';
import type {Collection, FieldWeights, Candidate} from '../types.js';
import {filteredVectorTopK} from './filtered-vectors.js';
import {keptNames} from './kept-names.js';
import {withKeptNames, type StoreFilter} from './sqlite/filtered-reads.js';
import type {Store} from './sqlite/store.js';
import type {CollectionRow} from './sqlite/types.js';
import type {CollectionIndexes} from './vector-index/collection-indexes.js';
import type {KeywordThreads} from './keyword-threads.js';

/** What the embedded backend searches: the store, its indexes, and the collection's current row. */
export type EmbeddedSearch = {
	readonly store: Store;
	readonly indexes: CollectionIndexes;
	/** BM25 off the HTTP thread (keyword-threads.ts). */
	readonly keywordThreads: KeywordThreads;
	/** A filtered vector search keeping up to this many vectors ranks them from the store (filtered-vectors.ts). */
	readonly filterExactMax?: number;
	/** The collection's current row (with the vector generation its index follows); throws when it is gone. */
	readonly row: (collection: Collection) => CollectionRow;
};

/** Storage.vectorTopK of the embedded backend: through the collection's index, or the store for a filter keeping few. */
export async function vectorTopK(context: EmbeddedSearch, collection: Collection, query: Float32Array, k: number, filter?: ChunkFilter): Promise<Array<Candidate & {boilerplate: boolean}>> {
	const {store, indexes} = context;
	const search = async (kept?: StoreFilter) => {
		const row = context.row(collection);
		// The index is chosen in the tick the fit is checked: a swap commits and discards the old index in one tick (completeModelSwitch).
		if (!queryFits(row, collection)) {
			return row.modelId === null ? [] : Promise.reject(modelSwitched(`collection '${row.name}' now holds vectors of ${row.modelId}: search it again`));
		}

		return kept ? filteredVectorTopK({store, indexes, exactMax: context.filterExactMax}, row, query, k, kept) : indexes.search(row, query, k);
	};

	const hits = keepsEverything(filter) ? await search() : await filtered(store, [collection], filter!, search);
	// Which hits are boilerplate (stored with each chunk; hybrid search demotes them without reading their text).
	const boilerplate = store.reads.boilerplate(hits.map(hit => hit.rowid));
	return hits.map(hit => ({rowid: hit.rowid, score: hit.score, boilerplate: boilerplate.has(hit.rowid)}));
}

/**
 * Storage.keywordTopK of the embedded backend: BM25 over the store's FTS5 table, on the keyword thread; a filter
 * by path globs keeps its names in this thread's memory, so that search runs here. When the thread fails, the
 * search runs here too (and throws what it throws here, with its kind); the thread logs its failure.
 */
export async function keywordTopK(context: Pick<EmbeddedSearch, 'store' | 'keywordThreads'>, collections: readonly Collection[], terms: readonly string[], limit: number, weights: FieldWeights, filter?: ChunkFilter): Promise<Candidate[]> {
	const {store, keywordThreads} = context;
	const collectionIds = collections.map(collection => collection.id);
	if (!filter?.paths?.length) {
		const {meta, text} = filter ?? {};
		try {
			return await keywordThreads.topK({collectionIds, terms, limit, weights, ...(meta ?? text ? {filter: {meta, text}} : {})});
		} catch {
			return store.keywords.top(collectionIds, terms, limit, weights, filter && {meta, text});
		}
	}

	return filtered(store, collections, filter, async kept => store.keywords.top(collectionIds, terms, limit, weights, kept));
}

/**
 * Runs a filtered read with the filter as the store takes it: path globs matched first (kept-names.ts), over the
 * names of every collection read (a glob keeps a name whatever collection holds it: their union is exact).
 */
async function filtered<T>(store: Store, collections: readonly Collection[], filter: ChunkFilter, read: (kept: StoreFilter) => Promise<T>): Promise<T> {
	const {meta, text} = filter;
	if (!filter.paths || filter.paths.length === 0) {
		return read({meta, text});
	}

	const kept = await Promise.all(collections.map(async collection => keptNames(filter, collection.id, () => store.fileNames(collection.id))));
	const names = kept.length === 1 ? kept[0]! : new Set(kept.flatMap(set => [...set]));
	return withKeptNames(names, async key => read({names: key, meta, text}));
}
