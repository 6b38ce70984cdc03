import type {Embedder} from './embedder/embedder.js';
import type {Storage} from './storage/storage.js';
import {holdsFingerprint} from './storage/fingerprint.js';
import type {Collection} from './storage/types.js';
import type {WriteQueue} from './write-queue.js';
import type {BackgroundProblems} from './background-problems.js';

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

	/** One collection's progress while it is being filled in (counted in the storage, so it is exact). */
	async of(storage: Storage, collection: Collection): Promise<FillProgress | undefined> {
		if (!this.filling.has(collection.id)) {
			return undefined;
		}

		const {chunks, vectors} = await storage.stats(collection);
		return vectors < chunks ? {done: vectors, total: chunks} : undefined;
	}

	/** What a semantic or hybrid answer from a collection being filled in says about itself. */
	async notice(storage: Storage, collection: Collection): Promise<string | undefined> {
		const fill = await this.of(storage, collection);
		if (!fill) {
			return undefined;
		}

		const share = Math.min(99, Math.floor((fill.done / fill.total) * 100));
		return `vectors are still being filled in for '${collection.name}': ${fill.done.toLocaleString('en-US')} of ${fill.total.toLocaleString('en-US')} chunks (${share}%) have one so far, and semantic ranking sees only those`;
	}

	/**
	 * run() in the background, each batch's write in the engine's write queue (embedding outside it): other
	 * writes take their turn between batches. One daemon of a shared database does it (the others find the
	 * vectors filled once it is done); a failure is a background problem, tried again at the next start.
	 */
	async inBackground(storage: Storage, embedder: Embedder, writes: WriteQueue, problems: BackgroundProblems, isDefault = true): Promise<void> {
		try {
			await storage.ownJob('vector-fill', async () => this.run(storage, embedder, writes, isDefault));
			problems.resolve('backfill');
		} catch (error) {
			problems.report('backfill', `embedding the chunks stored without vectors failed (${error instanceof Error ? error.message : String(error)}); they are tried again at the next start`);
		}
	}

	/**
	 * Embeds every chunk without a vector in the collections this model may fill (theirs, or, for the default
	 * model, those without vectors yet). A batch is read and embedded outside the write queue and written in it: a
	 * chunk deleted or rewritten meanwhile is not given a vector (setVectors sets only chunks that still exist
	 * without one). A collection switching model is left to its switch, which gives every chunk a vector.
	 */
	async run(storage: Storage, embedder: Embedder, writes: WriteQueue, isDefault = true): Promise<void> {
		const fillable = (await storage.collections())
			.filter(collection => (isDefault && !collection.modelId) || holdsFingerprint(collection, embedder));
		const collections = [];
		for (const collection of fillable) {
			const counts = await storage.stats(collection);
			if (counts.vectors < counts.chunks && !await storage.modelSwitch(collection)) {
				collections.push({collection, ...counts});
			}
		}

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
				await this.fill(storage, collection, embedder, writes).catch((error: unknown) => {
					// A model switch completed meanwhile: its swap gave every chunk a vector of the new model.
					if ((error as {code?: string}).code !== 'fingerprint_mismatch') {
						throw error;
					}
				});
				this.filling.delete(collection.id);
			}
		} finally {
			this.progress = undefined;
			this.filling.clear();
		}
	}

	private async fill(storage: Storage, collection: Collection, embedder: Embedder, writes: WriteQueue): Promise<void> {
		for (let batch = await storage.chunksWithoutVectors(collection, batchSize); batch.length > 0; batch = await storage.chunksWithoutVectors(collection, batchSize)) {
			const embedded = await embedder.embedDocuments(batch.map(chunk => chunk.text));
			await writes.run(`vector fill-in of ${collection.name} (${batch.length} chunks)`, async () =>
				storage.setVectors(collection, batch.map((chunk, index) => ({rowid: chunk.rowid, vector: embedded[index]!})), embedder));
			this.progress!.done += batch.length;
		}
	}
}
