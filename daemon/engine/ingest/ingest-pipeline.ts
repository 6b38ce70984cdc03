import type {Embedder} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import type {FileOutcome, IngestMode} from '../../../common/wire/jobs.js';
import type {PreparedDocument} from './prepare-document.js';
import {embedDocuments, type EmbeddedDocuments} from './embed-documents.js';
import {writeDocuments} from './write-documents.js';

/** What the two halves of an ingestion need from the engine. */
export type IngestPipeline = {
	readonly storage: Storage;
	/** The model loaded now (undefined: none; documents are then stored for keyword search and embedded later). */
	readonly embedder: () => Embedder | undefined;
	/** Runs a task in the engine's one write queue, named for /health. */
	readonly queue: <T>(label: string, task: () => Promise<T>) => Promise<T>;
	readonly ensureCollection: (name: string) => Promise<Collection>;
};

/** Commits tried with vectors of a model that is no longer the loaded one before they are written anyway. */
const modelChanges = 2;

/** The first half: vectors for the documents, outside the write queue (embed-documents.ts); `signal` stops it between model runs. */
export async function embedGroup(pipeline: IngestPipeline, collection: string, documents: readonly PreparedDocument[], mode: IngestMode, signal?: AbortSignal): Promise<EmbeddedDocuments> {
	return embedDocuments(pipeline.storage, pipeline.embedder(), collection, documents, mode, signal);
}

/**
 * The second half: the check and the write, in the write queue (write-documents.ts). When the model loaded
 * changed while the vectors were made (it finished loading), they are made again first, outside the queue.
 */
export async function commitGroup(pipeline: IngestPipeline, collection: string, embedded: EmbeddedDocuments): Promise<FileOutcome[]> {
	let current = embedded;
	for (let attempt = 0; ; attempt++) {
		const made = current;
		const outcomes = await pipeline.queue(`${made.documents.length} documents into ${collection}`, async () => (pipeline.embedder() === made.embedder || attempt >= modelChanges
			? writeDocuments(pipeline.storage, await pipeline.ensureCollection(collection), made)
			: undefined));
		if (outcomes) {
			return outcomes;
		}

		current = await embedGroup(pipeline, collection, made.documents, made.mode);
	}
}
