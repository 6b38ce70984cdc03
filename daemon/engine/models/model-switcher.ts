import type {Embedder} from '../embedder/embedder.js';
import type {Embedders} from '../embedder/embedders.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, Fingerprint, ModelSwitch} from '../storage/types.js';
import {sameFingerprint} from '../storage/fingerprint.js';
import {SerialQueue} from '../serial-queue.js';

/**
 * A collection's switch to another model: vectors of `to` made so far of all its chunks; once ended, what became
 * of it (`swapped`: searches answer from `to`; `cancelled`: discarded, `from` keeps serving; `stopped`: the daemon
 * stopped, and its next start resumes it). The API's job carries it as it is (common/wire/jobs.ts).
 */
export type ModelSwitchProgress = {
	readonly from: string | null;
	readonly to: string;
	readonly done: number;
	readonly total: number;
	readonly outcome?: 'swapped' | 'cancelled' | 'stopped';
};

/** Chunks embedded and stored per step: the step's write takes the write queue once, and a stop waits for one step. */
export const switchBatch = 256;

export type SwitcherDeps = {
	readonly storage: Storage;
	readonly embedders: Embedders;
	/** Runs a task in the engine's one write queue, named for /health. */
	readonly write: <T>(label: string, task: () => Promise<T>) => Promise<T>;
	readonly log: (line: string) => void;
	/** Chunks per step (switchBatch; tests make it small so that a switch has many steps). */
	readonly batch?: number;
};

/** Why a switch run ends early: the daemon stopping (it resumes at the next start), or a cancel (it is discarded). */
export type StopReason = 'shutdown' | 'request';

/**
 * Runs a collection's switch to another model (storage.ts ModelSwitchStore): the target's vectors are made in
 * the background, a batch at a time, beside the live ones, which keep answering every search; once every chunk
 * has one, the swap replaces them all in one transaction (which checks that again: chunks written meanwhile have
 * none yet, and are embedded first). Writes during a switch go on as before with the collection's model of the
 * moment: the switch catches up with them before it swaps. One switch embeds at a time; its state is stored, so
 * a run stopped (the daemon stopping, a kill) resumes where it was.
 */
export class ModelSwitcher {
	private readonly turns = new SerialQueue();

	constructor(private readonly deps: SwitcherDeps) {
		// Fields only.
	}

	/** Begins the collection's switch to the embedder's model (replacing a switch to another one); run() does it. */
	async begin(collection: Collection, embedder: Embedder): Promise<ModelSwitch> {
		return this.deps.write(`model switch of ${collection.name}: begin`, async () => this.deps.storage.beginModelSwitch(collection, {modelId: embedder.modelId, dims: embedder.dims}));
	}

	/**
	 * Runs the collection's switch until its swap, or until `signal` aborts: with reason 'shutdown' the switch is
	 * left stored (resumed at the next start), otherwise it is cancelled (discarded; the old vectors keep serving).
	 * `to` is the model the caller expects it to switch to: found already done (by another daemon), it is swapped.
	 */
	async run(name: string, to: string, signal: AbortSignal, onProgress: (progress: ModelSwitchProgress) => void = () => undefined): Promise<ModelSwitchProgress> {
		const {storage} = this.deps;
		return this.turns.run(async () => {
			const first = await storage.collection(name);
			if (!first) {
				return {from: null, to, done: 0, total: 0, outcome: 'cancelled'};
			}

			// Daemons sharing a database take turns at a switch: the later one finds it done, or resumes it after a kill.
			return storage.ownJob(`model-switch\0${first.id}`, async () => {
				const collection = await storage.collection(name);
				const current = collection && await storage.modelSwitch(collection);
				if (!collection || !current) {
					const {chunks} = collection ? await storage.stats(collection) : {chunks: 0};
					const swapped = collection?.modelId === to;
					return {from: null, to, done: swapped ? chunks : 0, total: chunks, outcome: swapped ? 'swapped' : 'cancelled'};
				}

				return this.runOwned(collection, current.target, signal, onProgress);
			});
		});
	}

	private async runOwned(collection: Collection, target: Fingerprint, signal: AbortSignal, onProgress: (progress: ModelSwitchProgress) => void): Promise<ModelSwitchProgress> {
		const {storage, embedders, log} = this.deps;
		const from = collection.modelId;
		const progress = async (outcome?: ModelSwitchProgress['outcome']): Promise<ModelSwitchProgress> => {
			const state = await storage.modelSwitch(collection).catch(() => undefined);
			const {chunks} = await storage.stats(collection).catch(() => ({chunks: 0}));
			const done = outcome === 'swapped' ? chunks : (state?.done ?? 0);
			return {from, to: target.modelId, done, total: state?.total ?? chunks, ...(outcome ? {outcome} : {})};
		};

		const release = [embedders.hold(target.modelId), ...(from ? [embedders.hold(from)] : [])];
		try {
			const embedder = await embedders.get(target.modelId);
			if (!sameFingerprint(embedder, target)) {
				throw new Error(`the model ${target.modelId} now makes ${embedder.dims} dimensions, not the ${target.dims} this switch began with: cancel it (md-vector model use ${from ?? 'NAME'} -C ${collection.name}) and begin it again`);
			}

			const started = await progress();
			log(`model switch of '${collection.name}' to ${target.modelId}: ${started.done > 0 ? 'resumed' : 'began'} at ${started.done} of ${started.total} chunks`);
			onProgress(started);
			// Counted once here and at the end; each step adds what it stored (counting a large collection per step costs).
			let {done, total} = started;
			const outcome = await this.fillAndSwap(collection, embedder, target, signal, stored => {
				done += stored;
				total = Math.max(total, done);
				onProgress({from, to: target.modelId, done, total});
			});
			if (outcome === 'request') {
				await storage.cancelModelSwitch(collection).catch(() => undefined);
			}

			const ended = await progress(outcome === 'swapped' ? 'swapped' : (outcome === 'shutdown' ? 'stopped' : 'cancelled'));
			log(`model switch of '${collection.name}' to ${target.modelId}: ${ended.outcome}${outcome === 'shutdown' ? ` at ${ended.done} of ${ended.total} chunks (resumed at the next start)` : ''}`);
			return ended;
		} finally {
			for (const free of release) {
				free();
			}
		}
	}

	/** Fills the target's vectors a batch at a time, then swaps; answers how it ended. */
	private async fillAndSwap(collection: Collection, embedder: Embedder, target: Fingerprint, signal: AbortSignal, stepped: (stored: number) => void): Promise<'swapped' | 'gone' | StopReason> {
		const {storage, write} = this.deps;
		try {
			// Rowids only grow: one pass from the start meets every chunk, those written during it included.
			for (let after = 0; ;) {
				if (signal.aborted) {
					return signal.reason === 'shutdown' ? 'shutdown' : 'request';
				}

				const batch = await storage.chunksForSwitch(collection, after, this.deps.batch ?? switchBatch);
				if (batch.length === 0) {
					const swap = await write(`model switch of ${collection.name}: swap to ${target.modelId}`, async () => storage.completeModelSwitch(collection, target));
					if (swap.swapped) {
						return 'swapped';
					}

					after = 0; // written while the pass ran behind them: another pass
					continue;
				}

				const vectors = await embedUnique(embedder, batch.map(chunk => chunk.text));
				const stored = await write(`model switch of ${collection.name} (${batch.length} chunks)`, async () =>
					storage.setSwitchVectors(collection, target, batch.map((chunk, index) => ({rowid: chunk.rowid, vector: vectors[index]!}))));
				after = batch.at(-1)!.rowid;
				stepped(stored);
			}
		} catch (error) {
			// Cancelled or replaced elsewhere (another request, another daemon), or the collection went.
			if (['switch_gone', 'not_found'].includes((error as {code?: string}).code ?? '')) {
				return 'gone';
			}

			throw error;
		}
	}
}

/** Vectors for texts, each distinct text embedded once (a collection often repeats a chunk: boilerplate, licences). */
async function embedUnique(embedder: Embedder, texts: readonly string[]): Promise<Float32Array[]> {
	const distinct = [...new Set(texts)];
	const made = await embedder.embedDocuments(distinct);
	const byText = new Map(distinct.map((text, index) => [text, made[index]!]));
	return texts.map(text => byText.get(text)!);
}
