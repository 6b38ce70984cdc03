import type {Embedder} from './embedder/embedder.js';
import type {Store} from './store/store.js';
import type {CollectionRow, VectorChange} from './store/types.js';

/** Chunks that have vectors, of all chunks, in the collections being filled in. */
export type FillProgress = {readonly done: number; readonly total: number};

const batchSize = 256;

/**
 * Chunks stored while no model was loaded get their vectors once one is, in batches in the background. Until
 * then semantic and hybrid searches see only the chunks that have vectors: the progress is kept here for
 * /health, /stats and a notice on those answers.
 */
export class VectorFill {
	private progress: {done: number; total: number} | undefined;
	private readonly filling = new Set<number>();

	/** Over every collection being filled in; undefined when none is. */
	get current(): FillProgress | undefined {
		return this.progress ? {...this.progress} : undefined;
	}

	/** One collection's progress while it is being filled in (counted in the store, so it is exact). */
	of(store: Store, collection: CollectionRow): FillProgress | undefined {
		if (!this.filling.has(collection.id)) {
			return undefined;
		}

		const {chunks, vectors} = store.stats(collection.id);
		return vectors < chunks ? {done: vectors, total: chunks} : undefined;
	}

	/** What a semantic or hybrid answer from a collection being filled in says about itself. */
	notice(store: Store, collection: CollectionRow): string | undefined {
		const fill = this.of(store, collection);
		if (!fill) {
			return undefined;
		}

		const share = Math.min(99, Math.floor((fill.done / fill.total) * 100));
		return `vectors are still being filled in for '${collection.name}': ${fill.done.toLocaleString('en-US')} of ${fill.total.toLocaleString('en-US')} chunks (${share}%) have one so far, and semantic ranking sees only those`;
	}

	/** Embeds every chunk without a vector in the collections this model may fill (theirs, or none yet). */
	async run(store: Store, embedder: Embedder, apply: (collection: CollectionRow, change: VectorChange) => Promise<void>): Promise<void> {
		const collections = store.collections()
			.filter(collection => !collection.modelId || (collection.modelId === embedder.modelId && collection.dims === embedder.dims))
			.map(collection => ({collection, ...store.stats(collection.id)}))
			.filter(({chunks, vectors}) => vectors < chunks);
		if (collections.length === 0) {
			return;
		}

		this.progress = {done: 0, total: 0};
		for (const {collection, chunks, vectors} of collections) {
			this.filling.add(collection.id);
			this.progress.done += vectors;
			this.progress.total += chunks;
		}

		try {
			for (const {collection} of collections) {
				for (let batch = store.chunksWithoutVectors(collection.id, batchSize); batch.length > 0; batch = store.chunksWithoutVectors(collection.id, batchSize)) {
					const embedded = await embedder.embedDocuments(batch.map(chunk => chunk.text));
					const change = store.setVectors(collection, batch.map((chunk, index) => ({rowid: chunk.rowid, vector: embedded[index]!})), embedder);
					await apply(collection, change);
					this.progress.done += change.added.length;
				}

				this.filling.delete(collection.id);
			}
		} finally {
			this.progress = undefined;
			this.filling.clear();
		}
	}
}
