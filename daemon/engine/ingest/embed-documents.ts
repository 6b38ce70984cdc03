import {EmbedderOutage, type Embedder} from '../embedder/embedder.js';
import {EngineError, unavailable} from '../errors.js';
import type {Storage} from '../storage/storage.js';
import type {IngestMode} from './ingest-outcome.js';
import type {PreparedDocument} from './prepare-document.js';
import {checkCompatible} from './check-compatible.js';

/**
 * Texts per call to the model: about one of its batches, so an ingestion's progress moves every second or so
 * (issue 37) and a hung-up client's ingest stops after the call running (issue 34).
 */
const textsPerCall = 32;

/** Throws when whoever asked for the work is gone (a client that hung up): nothing more is embedded or written. */
export function throwIfGone(signal: AbortSignal | undefined): void {
	if (signal?.aborted) {
		throw new EngineError('client_closed', 499, 'the client closed the connection before the ingestion finished: it was stopped, and nothing of it was stored');
	}
}

/** Documents with the vectors of all their chunks, made before their write and committed by write-documents.ts. */
export type EmbeddedDocuments = {
	readonly documents: readonly PreparedDocument[];
	/** By chunk text hash; empty when there was no model. */
	readonly vectors: ReadonlyMap<string, Float32Array>;
	/** The model that made them: the commit writes them only while it is still the one loaded. */
	readonly embedder: Embedder | undefined;
	readonly mode: IngestMode;
};

/**
 * The vectors of every chunk of these documents, made outside the write queue so that no write (and no search
 * waiting on one) waits for the model: a chunk whose text the collection already holds reuses that vector
 * (except with `force`), the rest are embedded. Nothing is written here and nothing read here is relied on:
 * the commit checks the collection and the stored documents again inside the queue. A vector reused from a
 * chunk deleted meanwhile is still right: it is a function of the text and the model.
 */
export async function embedDocuments(storage: Storage, embedder: Embedder | undefined, collectionName: string, documents: readonly PreparedDocument[], mode: IngestMode, signal?: AbortSignal, onVectors?: (chunks: number) => void): Promise<EmbeddedDocuments> {
	const vectors = new Map<string, Float32Array>();
	if (!embedder || documents.length === 0) {
		return {documents, vectors, embedder, mode};
	}

	const collection = await storage.collection(collectionName);
	if (collection) {
		checkCompatible(collection, embedder); // refused now rather than after the embedding; checked again at the commit
		if (mode !== 'force') {
			const hashes = [...new Set(documents.flatMap(document => document.chunked.chunks.map(chunk => chunk.hash)))];
			for (const [hash, vector] of await storage.vectorsByHash(collection, hashes)) {
				vectors.set(hash, vector);
			}
		}
	}

	const missing = new Map<string, string>();
	const chunksOf = new Map<string, number>();
	for (const document of documents) {
		for (const chunk of document.chunked.chunks) {
			chunksOf.set(chunk.hash, (chunksOf.get(chunk.hash) ?? 0) + 1);
			if (!vectors.has(chunk.hash)) {
				missing.set(chunk.hash, chunk.embedText);
			}
		}
	}

	const chunks = (hashes: readonly string[]) => hashes.reduce((sum, hash) => sum + (chunksOf.get(hash) ?? 0), 0);
	onVectors?.(chunks([...vectors.keys()]));
	// A slice at a time, so that progress moves with the embedding and the work stops soon after whoever asked for it is gone.
	const hashes = [...missing.keys()];
	for (let start = 0; start < hashes.length; start += textsPerCall) {
		throwIfGone(signal);
		const slice = hashes.slice(start, start + textsPerCall);
		// A model server that stayed away: 503, and nothing of these documents is written (those committed before are whole).
		const made = await embedder.embedDocuments(slice.map(hash => missing.get(hash)!), signal).catch((error: unknown) => {
			throw error instanceof EmbedderOutage ? unavailable(error.message) : error;
		});
		for (const [index, hash] of slice.entries()) {
			vectors.set(hash, made[index]!);
		}

		onVectors?.(chunks(slice));
	}

	throwIfGone(signal);

	return {documents, vectors, embedder, mode};
}
