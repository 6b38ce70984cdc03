import type {Candidate} from '../types.js';
import {keepsDocuments, type StoreFilter} from './sqlite/filtered-reads.js';
import type {Store} from './sqlite/store.js';
import type {CollectionRow} from './sqlite/types.js';
import type {CollectionIndexes} from './vector-index/collection-indexes.js';

/** Up to this many kept vectors are ranked exactly from the store (~20 ms at 384 dims); more go through the index. */
const defaultExactMax = 20_000;

type Sources = {readonly store: Store; readonly indexes: CollectionIndexes; readonly exactMax?: number};

/**
 * Vector top-k over the chunks a filter keeps. The index cannot take the filter, so the store decides which chunks
 * may answer (one SQL statement with the filter; phrases and exclusions through the words index): a few are ranked
 * exactly from their stored vectors; many are found through the index asked for as many more hits as the filter is
 * expected to drop, and more again until k are kept or the whole index was read. Exclusions alone (most chunks kept)
 * ask the index for k more than the chunks they exclude.
 */
export async function filteredVectorTopK({store, indexes, exactMax = defaultExactMax}: Sources, row: CollectionRow, query: Float32Array, k: number, filter: StoreFilter): Promise<Candidate[]> {
	if (k < 1) {
		return [];
	}

	if (!keepsDocuments(filter) && !filter.text?.phrases.length) {
		const excluded = store.filtered.excluded(row.id, filter.text!);
		return throughIndex(indexes, row, query, k, rowid => !excluded.has(rowid), k + excluded.size);
	}

	const kept = store.filtered.vectorCount(row.id, filter);
	if (kept === 0) {
		return [];
	}

	if (kept <= exactMax) {
		const ranked: Candidate[] = [];
		for (const {rowid, vector} of store.filtered.vectors(row.id, filter)) {
			let score = 0;
			for (const [index, value] of vector.entries()) {
				score += value * query[index]!;
			}

			ranked.push({rowid, score});
		}

		return ranked.sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, k);
	}

	const allowed = store.filtered.vectorRowids(row.id, filter);
	const total = (await indexes.describe(row)).vectors;
	return throughIndex(indexes, row, query, k, rowid => allowed.has(rowid), k * Math.ceil(total / allowed.size) * 2);
}

/** The index's best hits that `keep` keeps: `fetch` of them first, 4x more per round up to the whole index. */
async function throughIndex(indexes: CollectionIndexes, row: CollectionRow, query: Float32Array, k: number, keep: (rowid: number) => boolean, first: number): Promise<Candidate[]> {
	const total = (await indexes.describe(row)).vectors;
	let fetch = Math.min(total, first);
	for (;;) {
		// Each round depends on the last.
		const hits = (await indexes.search(row, query, fetch)).filter(hit => keep(hit.rowid));
		if (hits.length >= k || fetch >= total) {
			return hits.slice(0, k);
		}

		fetch = Math.min(total, fetch * 4);
	}
}
