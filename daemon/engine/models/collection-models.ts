import type {Embedder} from '../embedder/embedder.js';
import type {Embedders} from '../embedder/embedders.js';
import type {Collection} from '../storage/types.js';
import {unavailable} from '../errors.js';

/** Each searched collection's query model, by collection id, and why the others have none. */
export type QueryModels = {
	readonly embedders: ReadonlyMap<number, Embedder>;
	/** One line per collection without one (empty when every collection has its model). */
	readonly problems: readonly string[];
};

/**
 * Which model serves a collection: its own (the fingerprint of its vectors), or the default for a collection
 * without vectors yet. The default is used only once loaded (writes never wait for it: chunks are stored without
 * vectors and filled in later); a collection's own other model is loaded on demand (embedders.ts).
 */
export class CollectionModels {
	constructor(readonly embedders: Embedders) {
		// Fields only.
	}

	/** The model a collection's vectors are (or will be) made with; undefined when no model is configured at all. */
	modelOf(collection: Collection | undefined): string | undefined {
		return collection?.modelId ?? this.embedders.defaultModel;
	}

	/** The model loaded now for the collection (none loading is waited for): what a commit checks its vectors against. */
	now(collection: Collection | undefined): Embedder | undefined {
		const reference = this.modelOf(collection);
		return reference === undefined ? undefined : this.embedders.ready(reference);
	}

	/**
	 * The model to embed a write to the collection with: undefined while the default is loading or unavailable
	 * (stored for keyword search, embedded later); the collection's own other model, loaded now, or a 503 naming
	 * the fix when it cannot be.
	 */
	async forWriting(collection: Collection | undefined): Promise<Embedder | undefined> {
		const reference = this.modelOf(collection);
		if (reference === undefined || reference === this.embedders.defaultModel) {
			return this.now(collection);
		}

		try {
			return await this.embedders.get(reference);
		} catch (error) {
			throw unavailable(`${this.cannotLoad(collection!, error)}. Switch the collection to a model that loads (md-vector model use NAME -C ${collection!.name}), or make ${reference} loadable`);
		}
	}

	/** Each collection's query model (loaded on demand; the default is not waited for while it loads), or why not. */
	async forSearch(collections: readonly Collection[]): Promise<QueryModels> {
		const embedders = new Map<number, Embedder>();
		const problems: string[] = [];
		await Promise.all(collections.map(async collection => {
			const reference = this.modelOf(collection);
			const problem = reference === undefined ? 'no embedding model was configured' : this.defaultProblem(reference);
			if (problem !== undefined) {
				problems.push(problem);
				return;
			}

			try {
				embedders.set(collection.id, await this.embedders.get(reference!));
			} catch (error) {
				problems.push(this.cannotLoad(collection, error));
			}
		}));
		return {embedders, problems: [...new Set(problems)]};
	}

	/** Why the default model cannot serve now (loading, unavailable); undefined when it is not the default or is ready. */
	private defaultProblem(reference: string): string | undefined {
		if (reference !== this.embedders.defaultModel) {
			return undefined;
		}

		const state = this.embedders.defaultState;
		return state.status === 'ready' ? undefined : (state.status === 'loading' ? `the model ${state.modelId} is still loading` : state.reason);
	}

	private cannotLoad(collection: Collection, error: unknown): string {
		return `collection '${collection.name}' holds vectors of ${collection.modelId}, which could not be loaded (${error instanceof Error ? error.message : String(error)})`;
	}
}
