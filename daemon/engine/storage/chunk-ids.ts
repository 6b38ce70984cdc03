import {sha256} from '../hash.js';

/**
 * The wire ids of a document's chunks, in order: stable across re-ingests of the same text (the same text at
 * the same occurrence keeps its id), distinct across collections and documents. A rename of either recomputes them.
 */
export function chunkIds(collectionName: string, fileName: string, textHashes: readonly string[]): string[] {
	const seen = new Map<string, number>();
	return textHashes.map(hash => {
		const occurrence = seen.get(hash) ?? 0;
		seen.set(hash, occurrence + 1);
		return sha256(`${collectionName}\0${fileName}\0${hash}\0${occurrence}`, 24);
	});
}
