import type {Embedder} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import {conflict} from '../errors.js';
import {assertSameFingerprint} from '../storage/fingerprint.js';
import {chunkerVersion} from '../chunker/chunk-markdown.js';
import type {FileOutcome, IngestMode} from '../../../common/wire/jobs.js';
import {toDocumentToWrite, type PreparedDocument} from './prepare-document.js';

// Ingest modes and per-file outcomes are the contract's (common/wire/jobs.ts), as the request and the job carry them.
export type {FileOutcome, IngestMode} from '../../../common/wire/jobs.js';

export type WriteContext = {
	readonly storage: Storage;
	/** The loaded model, or undefined: documents are then stored for keyword search and embedded later. */
	readonly embedder: Embedder | undefined;
};

/**
 * Embeds what is new and writes the documents in one transaction; a chunk whose text is already stored in
 * the collection reuses that vector. Returns one outcome per document.
 */
export async function writeDocuments(context: WriteContext, collection: Collection, documents: readonly PreparedDocument[], mode: IngestMode): Promise<FileOutcome[]> {
	const {storage, embedder} = context;
	checkCompatible(collection, embedder);
	const outcomes: FileOutcome[] = [];
	const changed: PreparedDocument[] = [];
	const stored = mode === 'incremental' ? await Promise.all(documents.map(async document => storage.document(collection, document.fileName))) : [];
	for (const [index, document] of documents.entries()) {
		const existing = stored[index];
		if (existing?.contentHash === document.chunked.contentHash) {
			outcomes.push({file: document.fileName, status: 'unchanged', chunks: existing.chunkCount});
		} else {
			changed.push(document);
		}
	}

	const vectors = new Map<string, Float32Array>();
	if (embedder && changed.length > 0) {
		const hashes = changed.flatMap(document => document.chunked.chunks.map(chunk => chunk.hash));
		if (mode !== 'force') {
			for (const [hash, vector] of await storage.vectorsByHash(collection, hashes)) {
				vectors.set(hash, vector);
			}
		}

		const missing = new Map<string, string>();
		for (const document of changed) {
			for (const chunk of document.chunked.chunks) {
				if (!vectors.has(chunk.hash)) {
					missing.set(chunk.hash, chunk.embedText);
				}
			}
		}

		const made = await embedder.embedDocuments([...missing.values()]);
		for (const [index, hash] of [...missing.keys()].entries()) {
			vectors.set(hash, made[index]!);
		}
	}

	if (changed.length > 0) {
		const fingerprint = embedder ? {modelId: embedder.modelId, dims: embedder.dims} : undefined;
		await storage.writeDocuments(collection, changed.map(document => toDocumentToWrite(document, vectors)), fingerprint);
	}

	for (const document of changed) {
		outcomes.push({file: document.fileName, status: 'indexed', chunks: document.chunked.chunks.length});
	}

	return outcomes;
}

function checkCompatible(collection: Collection, embedder: Embedder | undefined): void {
	if (collection.chunkerVersion !== chunkerVersion) {
		throw conflict(`collection '${collection.name}' was chunked by chunker v${collection.chunkerVersion}; this version uses v${chunkerVersion}. Export it and import it into a new collection, or ingest into another one.`);
	}

	if (embedder) {
		assertSameFingerprint(collection, embedder);
	}
}
