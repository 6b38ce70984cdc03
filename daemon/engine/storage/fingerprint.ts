import {conflict, invalidInput} from '../errors.js';
import type {Collection, DocumentToWrite, Fingerprint} from './types.js';

/** Whether two fingerprints are the same model's. */
export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
	return a.modelId === b.modelId && a.dims === b.dims;
}

/**
 * Whether a query made for the fingerprint `asked` names may be ranked against the vectors `current` holds now:
 * the same model, or a caller that names none (it ranks against whatever the collection holds).
 */
export function queryFits(current: Collection, asked: Collection): boolean {
	if (asked.modelId === null || asked.dims === null) {
		return true;
	}

	return current.modelId !== null && current.dims !== null && sameFingerprint({modelId: current.modelId, dims: current.dims}, {modelId: asked.modelId, dims: asked.dims});
}

/** Throws when the collection already holds vectors of another model. */
export function assertSameFingerprint(collection: Collection, fingerprint: Fingerprint): void {
	if (collection.modelId !== null && (collection.modelId !== fingerprint.modelId || collection.dims !== fingerprint.dims)) {
		throw conflict(`collection '${collection.name}' holds vectors of ${collection.modelId} (${collection.dims} dims); `
			+ `the loaded model is ${fingerprint.modelId} (${fingerprint.dims} dims). Use another collection, or load ${collection.modelId}.`);
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
