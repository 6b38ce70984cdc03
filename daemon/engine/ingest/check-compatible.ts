import type {Embedder} from '../embedder/embedder.js';
import type {Collection} from '../storage/types.js';
import {conflict} from '../errors.js';
import {assertSameFingerprint} from '../storage/fingerprint.js';
import {chunkerVersion} from '../chunker/chunk-markdown.js';

/** Refuses a collection chunked by another chunker version, or holding vectors of another model. */
export function checkCompatible(collection: Collection, embedder: Embedder | undefined): void {
	if (collection.chunkerVersion !== chunkerVersion) {
		throw conflict(`collection '${collection.name}' was chunked by chunker v${collection.chunkerVersion}; this version uses v${chunkerVersion}. Export it and import it into a new collection, or ingest into another one.`);
	}

	if (embedder) {
		assertSameFingerprint(collection, embedder);
	}
}
