import type {Embedder} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import {sameFingerprint} from '../storage/fingerprint.js';
import type {Collection} from '../storage/types.js';
import type {FileOutcome, IngestMode} from './ingest-outcome.js';
import type {PreparedDocument} from './prepare-document.js';
import {embedDocuments, throwIfGone, type EmbeddedDocuments} from './embed-documents.js';
import {writeDocuments} from './write-documents.js';

/** What the two halves of an ingestion need from the engine. */
export type IngestPipeline = {
	readonly storage: Storage;
	/**
	 * The model to embed a group for the collection with (its own, or the default for a new one: models/
	 * collection-models.ts); undefined: none loaded, documents are then stored for keyword search and embedded later.
	 */
	readonly embedderFor: (collection: Collection | undefined) => Promise<Embedder | undefined>;
	/** The model the collection's vectors must be of now (no load is waited for): what the commit checks. */
	readonly embedderNow: (collection: Collection | undefined) => Embedder | undefined;
	/** Runs a task in the engine's one write queue, named for /health. */
	readonly queue: <T>(label: string, task: () => Promise<T>) => Promise<T>;
	readonly ensureCollection: (name: string) => Promise<Collection>;
};

/** Commits tried with vectors of a model that is no longer the collection's before they are written anyway (the storage then refuses another fingerprint's). */
const modelChanges = 2;

/** The first half: vectors for the documents, outside the write queue (embed-documents.ts); `signal` stops it between model runs. */
export async function embedGroup(pipeline: IngestPipeline, collection: string, documents: readonly PreparedDocument[], mode: IngestMode, signal?: AbortSignal, onVectors?: (chunks: number) => void): Promise<EmbeddedDocuments> {
	const embedder = await pipeline.embedderFor(await pipeline.storage.collection(collection));
	return embedDocuments(pipeline.storage, embedder, collection, documents, mode, signal, onVectors);
}

/**
 * The second half: the check and the write, in the write queue (write-documents.ts). When the collection's model
 * changed while the vectors were made (the default finished loading, or a model switch completed), they are
 * made again first, outside the queue.
 */
export async function commitGroup(pipeline: IngestPipeline, collection: string, embedded: EmbeddedDocuments, signal?: AbortSignal): Promise<FileOutcome[]> {
	let current = embedded;
	for (let attempt = 0; ; attempt++) {
		const made = current;
		const outcomes = await pipeline.queue(`${made.documents.length} documents into ${collection}`, async () => {
			throwIfGone(signal); // its turn in the queue came after its client left: nothing is written
			const row = await pipeline.ensureCollection(collection);
			return sameModel(pipeline.embedderNow(row), made.embedder) || attempt >= modelChanges ? writeDocuments(pipeline.storage, row, made) : undefined;
		}).catch((error: unknown) => {
			// Another daemon of the database swapped the collection's model between this check and the write's own.
			if ((error as {code?: string}).code === 'fingerprint_mismatch' && attempt < modelChanges) {
				return undefined;
			}

			throw error;
		});
		if (outcomes) {
			return outcomes;
		}

		current = await embedGroup(pipeline, collection, made.documents, made.mode, signal);
	}
}

/** Whether vectors of `made` are those of `now` (the same model, whichever object loaded it). */
function sameModel(now: Embedder | undefined, made: Embedder | undefined): boolean {
	return now === made || (now !== undefined && made !== undefined && sameFingerprint(now, made));
}
