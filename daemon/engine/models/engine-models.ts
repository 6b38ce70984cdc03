import type {Embedder, EmbedderState} from '../embedder/embedder.js';
import {Embedders, type EmbedderLoader, type EmbeddersOptions} from '../embedder/embedders.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, ModelSwitch} from '../storage/types.js';
import {CollectionModels} from './collection-models.js';
import {ModelSwitcher, type ModelSwitchProgress} from './model-switcher.js';

// The fingerprint comparison, for the use cases (which reach storage only through the engine).
export {holdsFingerprint} from '../storage/fingerprint.js';

export type EngineModelsDeps = {
	readonly storage: Storage;
	/** Runs a task in the engine's one write queue, named for /health. */
	readonly write: <T>(label: string, task: () => Promise<T>) => Promise<T>;
	readonly requireCollection: (name: string) => Promise<Collection>;
	/** Hears each model once ready (the engine fills in vectors stored without one). */
	readonly onReady: (embedder: Embedder, isDefault: boolean) => void;
	readonly options?: EngineModelsOptions;
};

export type EngineModelsOptions = Omit<EmbeddersOptions, 'onReady'> & {
	/** Chunks per step of a model switch (model-switcher.ts switchBatch). */
	readonly switchBatch?: number;
};

/** A collection's model and its switch under way (EngineModels.statusOf). */
export type CollectionModel = {
	readonly collection: string;
	readonly model: string | null;
	readonly dims: number | null;
	readonly chunks: number;
	readonly switching: ModelSwitch | undefined;
};

/** A loaded model, as /health lists it. */
export type LoadedModel = {readonly reference: string; readonly state: EmbedderState; readonly isDefault: boolean};

/**
 * The engine's models (daemon/engine/embedder/embedders.ts: several at once, by model reference) and the model
 * switches of its collections (model-switcher.ts): the default model, each collection's own, and the switch of a
 * collection from one to another. Engine.search and the ingestion take each collection's model from here.
 */
export class EngineModels {
	readonly embedders: Embedders;
	readonly ofCollections: CollectionModels;
	private readonly switcher: ModelSwitcher;

	constructor(private readonly deps: EngineModelsDeps) {
		const log = deps.options?.log ?? (() => undefined);
		this.embedders = new Embedders(undefined, {...deps.options, onReady: deps.onReady});
		this.ofCollections = new CollectionModels(this.embedders);
		this.switcher = new ModelSwitcher({storage: deps.storage, embedders: this.embedders, write: deps.write, log, batch: deps.options?.switchBatch});
	}

	/** The default model's reference (new collections use it); undefined before one is set. */
	get defaultModel(): string | undefined {
		return this.embedders.defaultModel;
	}

	get defaultState(): EmbedderState {
		return this.embedders.defaultState;
	}

	/** How models other than the default are loaded, by reference (the daemon's model resolution). */
	setLoader(loader: EmbedderLoader): void {
		this.embedders.setLoader(loader);
	}

	/** The default model and its state, as its loader reports it (the daemon's start). */
	setDefault(reference: string, state: EmbedderState): void {
		this.embedders.setDefault(reference, state);
	}

	/** Loads a model (or answers it loaded): throws with why it cannot be, before anything is changed for it. */
	async load(reference: string): Promise<Embedder> {
		return this.embedders.get(reference);
	}

	/** Makes an other model the default (it is loaded first); answers the previous default's reference. */
	async useDefault(reference: string): Promise<string | undefined> {
		const previous = this.embedders.defaultModel;
		const embedder = await this.embedders.get(reference);
		if (previous !== reference) {
			this.embedders.setDefault(reference, {status: 'ready', embedder});
		}

		return previous;
	}

	/** Every model loaded or loading now, the default first (whatever its state). */
	loaded(): LoadedModel[] {
		return this.embedders.list().filter(entry => entry.isDefault || entry.state.status !== 'unavailable').sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.reference.localeCompare(b.reference));
	}

	/** Every switch under way (on a shared database, those other daemons run too), with its progress. */
	async switches(): Promise<ModelSwitch[]> {
		return this.deps.storage.modelSwitches();
	}

	/** A collection's model (its fingerprint: null before its first vectors), its chunks and its switch under way. */
	async statusOf(name: string): Promise<CollectionModel> {
		const collection = await this.deps.requireCollection(name);
		const [{chunks}, switching] = await Promise.all([this.deps.storage.stats(collection), this.deps.storage.modelSwitch(collection)]);
		return {collection: collection.name, model: collection.modelId, dims: collection.dims, chunks, switching};
	}

	/** Begins the collection's switch to the model (replacing a switch to another); runSwitch does the work. */
	async beginSwitch(name: string, embedder: Embedder): Promise<ModelSwitch> {
		return this.switcher.begin(await this.deps.requireCollection(name), embedder);
	}

	/** Runs the collection's switch (model-switcher.ts run): until its swap, a stop (kept), or a cancel (discarded). */
	async runSwitch(name: string, to: string, signal: AbortSignal, onProgress?: (progress: ModelSwitchProgress) => void): Promise<ModelSwitchProgress> {
		return this.switcher.run(name, to, signal, onProgress);
	}

	/** Discards the collection's switch: the live vectors keep serving. Answers whether one was under way. */
	async cancelSwitch(name: string): Promise<boolean> {
		const collection = await this.deps.requireCollection(name);
		return this.deps.write(`model switch of ${name}: cancel`, async () => this.deps.storage.cancelModelSwitch(collection));
	}

	/** Releases every model (the daemon is stopping). */
	async close(): Promise<void> {
		await this.embedders.close();
	}
}
