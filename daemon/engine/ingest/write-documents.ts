import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import type {FileOutcome} from './ingest-outcome.js';
import {toDocumentToWrite, type PreparedDocument} from './prepare-document.js';
import type {EmbeddedDocuments} from './embed-documents.js';
import {checkCompatible} from './check-compatible.js';

/**
 * Commits embedded documents (embed-documents.ts) in one transaction, inside the write queue: the collection's
 * chunker version and fingerprint, and with `incremental` each stored document's content hash, are checked here,
 * on the state the write sees, so a check and its write never see different states. Returns one outcome per
 * document.
 */
export async function writeDocuments(storage: Storage, collection: Collection, embedded: EmbeddedDocuments): Promise<FileOutcome[]> {
	const {documents, vectors, embedder, mode} = embedded;
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

	if (changed.length > 0) {
		const fingerprint = embedder ? {modelId: embedder.modelId, dims: embedder.dims} : undefined;
		await storage.writeDocuments(collection, changed.map(document => toDocumentToWrite(document, vectors)), fingerprint);
	}

	for (const document of changed) {
		outcomes.push({file: document.fileName, status: 'indexed', chunks: document.chunked.chunks.length});
	}

	return outcomes;
}
