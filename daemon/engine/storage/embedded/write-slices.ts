import type {DocumentToWrite} from '../types.js';

/**
 * Chunks per slice of an import's group written at once. The embedded store writes on the daemon's main thread,
 * synchronously: a 512-chunk group took 120-180 ms there (KEP tree, 2 cores), and every search waited behind it
 * (a hybrid round trip of 576 ms whose own work was 44). A slice of 64 holds it 15-25 ms.
 */
export const sliceChunks = 64;

/** The documents in slices of about `chunks` chunks each, in order (a larger document is a slice of its own). */
export function * writeSlices(documents: readonly DocumentToWrite[], chunks = sliceChunks): Generator<readonly DocumentToWrite[]> {
	let slice: DocumentToWrite[] = [];
	let held = 0;
	for (const document of documents) {
		if (slice.length > 0 && held + document.chunks.length > chunks) {
			yield slice;
			slice = [];
			held = 0;
		}

		slice.push(document);
		held += document.chunks.length;
	}

	if (slice.length > 0) {
		yield slice;
	}
}
