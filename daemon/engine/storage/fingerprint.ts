import {loadAdvice} from '../../../common/settings/model-reference.js';
import {conflict, invalidInput} from '../errors.js';
import type {Collection, DocumentToWrite, Fingerprint} from './types.js';

/** Throws when the collection already holds vectors of another model. */
export function assertSameFingerprint(collection: Collection, fingerprint: Fingerprint): void {
	if (collection.modelId !== null && (collection.modelId !== fingerprint.modelId || collection.dims !== fingerprint.dims)) {
		throw conflict(`collection '${collection.name}' holds vectors of ${collection.modelId} (${collection.dims} dims); `
			+ `the loaded model is ${fingerprint.modelId} (${fingerprint.dims} dims). Use another collection, or ${loadAdvice(collection.modelId)}.`);
	}
}

/**
 * Throws when a document's vectors do not fit the fingerprint they are written with (or come without one).
 * Every backend calls it for each document inside its write transaction, as a vector column of fixed size
 * would refuse the row: the documents written before it in the same call are rolled back with it.
 */
export function assertVectorsFit(document: DocumentToWrite, fingerprint: Fingerprint | undefined): void {
	for (const chunk of document.chunks) {
		if (chunk.vector && chunk.vector.length !== fingerprint?.dims) {
			throw invalidInput(fingerprint
				? `${document.fileName}: a vector has ${chunk.vector.length} dimensions; ${fingerprint.modelId} makes ${fingerprint.dims}`
				: `${document.fileName}: vectors need the fingerprint of the model that made them`);
		}
	}
}
