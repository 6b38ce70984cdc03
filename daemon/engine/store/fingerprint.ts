import {conflict} from '../errors.js';
import type {CollectionRow, Fingerprint} from './types.js';

/** Throws when the collection already holds vectors of another model. */
export function assertSameFingerprint(collection: CollectionRow, fingerprint: Fingerprint): void {
	if (collection.modelId !== null && (collection.modelId !== fingerprint.modelId || collection.dims !== fingerprint.dims)) {
		throw conflict(`collection '${collection.name}' holds vectors of ${collection.modelId} (${collection.dims} dims); `
			+ `the loaded model is ${fingerprint.modelId} (${fingerprint.dims} dims). Use another collection, or load ${collection.modelId}.`);
	}
}
