import type {Embedder, EmbedderState} from './embedder.js';

/** Loads a model by its reference (a local model's name, `openai:<name>`, ...); throws with why it cannot, in words that name the fix. */
export type EmbedderLoader = (reference: string) => Promise<Embedder>;

export type EmbeddersOptions = {
	/** A model neither the default nor held, unused this long, is released (its thread ends). */
	readonly idleMs?: number;
	/** A model that failed to load is not tried again for this long (a folder or a server does not come back at once). */
	readonly retryMs?: number;
	/** Hears each model once it is ready (vectors stored without one are then filled in). */
	readonly onReady?: (embedder: Embedder, isDefault: boolean) => void;
	readonly log?: (line: string) => void;
	/** Milliseconds now (tests move time on). */
	readonly clock?: () => number;
};

type Entry = {
	state: EmbedderState;
	loading?: Promise<Embedder>;
	/** The default's load is someone else's (the daemon's start): it settles through setDefault. */
	settle?: {resolve: (embedder: Embedder) => void; reject: (error: Error) => void};
	lastUsed: number;
	failedAt?: number;
};

/**
 * The models the engine holds, by reference: the default one (new collections, and collections without vectors
 * yet), and the model of each collection that has another, loaded on demand through the injected loader (one load
 * per model at a time) and released when unused: not the default, not held by a switch under way, and not used
 * for idleMs. A query of a collection is embedded with its own model; a switch holds the old and the new one.
 */
export class Embedders {
	private readonly entries = new Map<string, Entry>();
	private readonly holds = new Map<string, number>();
	private defaultReference: string | undefined;
	private readonly sweeper: NodeJS.Timeout;
	private closed = false;

	constructor(private loader?: EmbedderLoader, private readonly options: EmbeddersOptions = {}) {
		this.sweeper = setInterval(() => {
			void this.releaseIdle();
		}, Math.max(1000, Math.min(this.idleMs, 60_000))).unref();
	}

	/** How models other than the default are loaded (the daemon's model resolution); without one, only the default is known. */
	setLoader(loader: EmbedderLoader): void {
		this.loader = loader;
	}

	/** The default model's reference; undefined before one was set. */
	get defaultModel(): string | undefined {
		return this.defaultReference;
	}

	/** The default model's state (/health's model). */
	get defaultState(): EmbedderState {
		const entry = this.defaultReference === undefined ? undefined : this.entries.get(this.defaultReference);
		return entry?.state ?? {status: 'unavailable', modelId: 'none', reason: 'no embedding model was configured'};
	}

	/**
	 * Makes `reference` the default model, in the state its loader (the daemon's start, or a test) reports:
	 * loading, then ready or unavailable. get() of it meanwhile waits for that load.
	 */
	setDefault(reference: string, state: EmbedderState): void {
		this.defaultReference = reference;
		const entry = this.entries.get(reference);
		if (state.status === 'loading') {
			if (entry?.state.status === 'loading') {
				entry.state = state;
			} else {
				this.entries.set(reference, waitingEntry(state, this.now()));
			}

			return;
		}

		if (entry?.state.status === 'ready' && state.status === 'ready' && entry.state.embedder !== state.embedder) {
			void this.dispose(entry.state.embedder);
		}

		this.entries.set(reference, {state, lastUsed: this.now(), failedAt: state.status === 'unavailable' ? this.now() : undefined});
		if (state.status === 'ready') {
			entry?.settle?.resolve(state.embedder);
			this.options.onReady?.(state.embedder, true);
		} else {
			entry?.settle?.reject(new Error(state.reason));
		}
	}

	/** The model if it is loaded now (no load is started). */
	ready(reference: string): Embedder | undefined {
		const entry = this.entries.get(reference);
		return entry?.state.status === 'ready' ? entry.state.embedder : undefined;
	}

	/** The state of `reference` as it is now (not loaded: unavailable, saying so). */
	state(reference: string): EmbedderState {
		return this.entries.get(reference)?.state ?? {status: 'unavailable', modelId: reference, reason: `the model ${reference} is not loaded`};
	}

	/** Every model held, with its state. */
	list(): Array<{readonly reference: string; readonly state: EmbedderState; readonly isDefault: boolean}> {
		return [...this.entries].map(([reference, entry]) => ({reference, state: entry.state, isDefault: reference === this.defaultReference}));
	}

	/** The model, loaded on demand; throws with why it cannot be (a failure is remembered for retryMs). */
	async get(reference: string): Promise<Embedder> {
		if (this.closed) {
			throw new Error('the embedding models are closed: the daemon is stopping');
		}

		const entry = this.entries.get(reference);
		if (entry) {
			entry.lastUsed = this.now();
			if (entry.state.status === 'ready') {
				return entry.state.embedder;
			}

			if (entry.loading) {
				return entry.loading;
			}

			if (entry.state.status === 'unavailable' && this.now() - (entry.failedAt ?? 0) < this.retryMs) {
				throw new Error(entry.state.reason);
			}
		}

		return this.load(reference);
	}

	/** Keeps the model loaded until the answer is called (a switch holds its two models). */
	hold(reference: string): () => void {
		this.holds.set(reference, (this.holds.get(reference) ?? 0) + 1);
		let released = false;
		return () => {
			if (!released) {
				released = true;
				const left = (this.holds.get(reference) ?? 1) - 1;
				if (left > 0) {
					this.holds.set(reference, left);
				} else {
					this.holds.delete(reference);
				}
			}
		};
	}

	/** Releases every model (the daemon is stopping): each one's thread ends after the call under way. */
	async close(): Promise<void> {
		this.closed = true;
		clearInterval(this.sweeper);
		const loaded = [...this.entries.values()];
		this.entries.clear();
		await Promise.all(loaded.map(async entry => {
			// A default loaded by someone else settles through them (its loader disposes what it loads after a stop).
			const embedder = entry.state.status === 'ready' ? entry.state.embedder : (entry.settle ? undefined : await entry.loading?.catch(() => undefined));
			if (embedder) {
				await this.dispose(embedder);
			}
		}));
	}

	/** Releases the models nobody used for idleMs (never the default, nor one a switch holds). */
	async releaseIdle(now = this.now()): Promise<void> {
		for (const [reference, entry] of this.entries) {
			const idle = now - entry.lastUsed >= this.idleMs;
			if (reference !== this.defaultReference && !this.holds.has(reference) && idle && entry.state.status !== 'loading') {
				this.entries.delete(reference);
				if (entry.state.status === 'ready') {
					this.options.log?.(`model ${reference} released: no collection used it for ${Math.round(this.idleMs / 1000)} s`);
					await this.dispose(entry.state.embedder);
				}
			}
		}
	}

	private async load(reference: string): Promise<Embedder> {
		const {loader} = this;
		if (!loader) {
			throw new Error(`the model ${reference} is not loaded, and this engine loads no other model than its default`);
		}

		const entry: Entry = {state: {status: 'loading', modelId: reference}, lastUsed: this.now()};
		entry.loading = (async () => {
			try {
				const embedder = await loader(reference);
				if (this.closed) {
					await embedder.dispose();
					throw new Error('the embedding models are closed: the daemon is stopping');
				}

				entry.state = {status: 'ready', embedder};
				this.options.log?.(`model ${reference} ready (${embedder.dims} dimensions)`);
				this.options.onReady?.(embedder, reference === this.defaultReference);
				return embedder;
			} catch (error) {
				const reason = error instanceof Error ? error.message : String(error);
				entry.state = {status: 'unavailable', modelId: reference, reason};
				entry.failedAt = this.now();
				throw error instanceof Error ? error : new Error(reason);
			} finally {
				entry.loading = undefined;
			}
		})();
		this.entries.set(reference, entry);
		return entry.loading;
	}

	private async dispose(embedder: Embedder): Promise<void> {
		await embedder.dispose().catch((error: unknown) => {
			this.options.log?.(`releasing the model ${embedder.modelId} failed: ${error instanceof Error ? error.message : String(error)}`);
		});
	}

	private now(): number {
		return this.options.clock?.() ?? Date.now();
	}

	private get idleMs(): number {
		return this.options.idleMs ?? 10 * 60_000;
	}

	private get retryMs(): number {
		return this.options.retryMs ?? 30_000;
	}
}

/** An entry for a default whose load someone else runs: get() waits for its outcome (setDefault). */
function waitingEntry(state: EmbedderState, now: number): Entry {
	const entry: Entry = {state, lastUsed: now};
	entry.loading = new Promise<Embedder>((resolve, reject) => {
		entry.settle = {
			resolve(embedder) {
				entry.loading = undefined;
				resolve(embedder);
			},
			reject(error) {
				entry.loading = undefined;
				reject(error);
			},
		};
	});
	entry.loading.catch(() => undefined); // nobody may be waiting
	return entry;
}
