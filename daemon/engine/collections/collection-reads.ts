import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import type {VectorFill} from '../vector-fill.js';
import type {CollectionStats, CollectionSummary} from '../engine-answers.js';

/** Every collection with its counts, number of folder sources and latest sync. */
export async function collectionSummaries(storage: Storage): Promise<CollectionSummary[]> {
	return Promise.all((await storage.collections()).map(async row => {
		const sources = await storage.sources(row);
		const synced = sources.map(source => source.lastSyncAt).filter(at => at !== null).sort();
		return {name: row.name, count: row.count, documents: row.documents, sources: sources.length, lastSyncAt: synced.at(-1) ?? null};
	}));
}

/** One collection's counts, model, vector index, and the vector fill-in or model switch under way. */
export async function collectionStats(storage: Storage, vectorFill: VectorFill, row: Collection): Promise<CollectionStats> {
	const [counts, index, fill, modelSwitch] = await Promise.all([storage.stats(row), storage.vectorIndex(row), vectorFill.of(storage, row), storage.modelSwitch(row)]);
	return {collection: row.name, ...counts, model: row.modelId, dims: row.dims, chunkerVersion: row.chunkerVersion, index, vectorFill: fill ?? null, modelSwitch: modelSwitch ?? null};
}
