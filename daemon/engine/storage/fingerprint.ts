import {loadAdvice} from '../../../common/settings/model-reference.js';
import {conflict, invalidInput} from '../errors.js';
import type {Collection, DocumentToWrite, Fingerprint} from './types.js';

/**
 * Whether two fingerprints are the same model's: the one comparison that decides whether a model is another (a
 * model reference names its provider too, `openai:NAME`, so another provider's model is always a switch).
 */
export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
	return a.modelId === b.modelId && a.dims === b.dims;
}

/** A collection's recorded fingerprint: none (null) before its first vectors. */
export type RecordedFingerprint = {readonly modelId: string | null; readonly dims: number | null};

/** Whether a collection's vectors (or a switch's target) are the model's; false when it has none. */
export function holdsFingerprint(recorded: RecordedFingerprint | undefined, fingerprint: Fingerprint): boolean {
	return recorded?.modelId !== null && recorded?.modelId !== undefined && recorded.dims !== null
		&& sameFingerprint({modelId: recorded.modelId, dims: recorded.dims}, fingerprint);
}

/**
 * Whether a query made for the fingerprint `asked` names may be ranked against the vectors `current` holds now:
 * the same model, or a caller that names none (it ranks against whatever the collection holds).
 */
export function queryFits(current: Collection, asked: Collection): boolean {
	if (asked.modelId === null || asked.dims === null) {
		return true;
	}

	return holdsFingerprint(current, {modelId: asked.modelId, dims: asked.dims});
}

/** Throws when the collection already holds vectors of another model. */
export function assertSameFingerprint(collection: Collection, fingerprint: Fingerprint): void {
	if (collection.modelId !== null && !holdsFingerprint(collection, fingerprint)) {
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
