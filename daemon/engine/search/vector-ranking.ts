import type {Embedder} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import type {ChunkFilter} from '../storage/document-filter.js';
import type {Collection, Candidate} from '../storage/types.js';

/** Collections of one model, and the query's vector in it. */
type ModelGroup = {readonly embedder: Embedder; readonly collections: readonly Collection[]; vector?: Float32Array};

/**
 * The semantic half of a search over collections that may hold vectors of different models (each collection's
 * own: a switch under way, or a collection switched alone). The query is embedded once per model, in parallel;
 * each collection is ranked with its own model's vector, and the storage is told which model that is, so a
 * collection that switched meanwhile is never ranked against the other model's vector (model_switched).
 */
export class VectorRanking {
	private readonly groups: ModelGroup[];

	constructor(private readonly storage: Storage, collections: readonly Collection[], embedders: ReadonlyMap<number, Embedder>) {
		const byModel = new Map<string, {embedder: Embedder; collections: Collection[]}>();
		for (const collection of collections) {
			const embedder = embedders.get(collection.id);
			if (embedder) {
				const key = `${embedder.modelId}\0${embedder.dims}`;
				const group = byModel.get(key) ?? {embedder, collections: []};
				group.collections.push(collection);
				byModel.set(key, group);
			}
		}

		this.groups = [...byModel.values()];
	}

	/** Embeds the query with each model (once, whatever the number of rankings asked after). */
	async embed(text: string): Promise<void> {
		await Promise.all(this.groups.map(async group => {
			group.vector ??= await group.embedder.embedQuery(text);
		}));
	}

	/**
	 * The best `limit` chunks. One model: cosine similarities compare across its collections, so the union's top
	 * `limit` is the merge of each one's by score. Several models: their similarities do not compare (each model
	 * has its own spread), so each model's list is scaled to 0..1 (its best 1, its last 0) before they are merged.
	 */
	async topK(limit: number, filter: ChunkFilter | undefined): Promise<Candidate[]> {
		const lists = await Promise.all(this.groups.map(async group => this.groupTopK(group, limit, filter)));
		if (lists.length === 1) {
			return lists[0]!;
		}

		return lists.flatMap(list => scaled(list)).sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, limit);
	}

	private async groupTopK({embedder, collections, vector}: ModelGroup, limit: number, filter: ChunkFilter | undefined): Promise<Candidate[]> {
		// The fingerprint the query was made with: the storage ranks only vectors of it.
		const rank = async (collection: Collection) => this.storage.vectorTopK({...collection, modelId: embedder.modelId, dims: embedder.dims}, vector!, limit, filter);
		if (collections.length === 1) {
			return rank(collections[0]!);
		}

		const lists = await Promise.all(collections.map(async collection => rank(collection)));
		return lists.flat().sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, limit);
	}
}

/** A list's scores mapped to 0..1 by its own range (a list of one, or of equal scores: all 1). */
function scaled(list: readonly Candidate[]): Candidate[] {
	const best = list[0]?.score ?? 0;
	const worst = list.at(-1)?.score ?? 0;
	const range = best - worst;
	return list.map(hit => ({...hit, score: range > 0 ? (hit.score - worst) / range : 1}));
}
