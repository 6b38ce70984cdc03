import type {Engine} from '../engine.js';
import {sha256} from '../hash.js';
import {textOnDisk} from './text-on-disk.js';

/** The key of a hit's document in changedOnDisk's answer. */
export const documentKey = (collection: string, fileName: string) => `${collection}\n${fileName}`;

/**
 * Whether each hit's file still holds the text that was indexed: true when it differs or is gone, false when
 * it is the same, null when the document was sent inline (never read from disk). Read as ingestion reads it
 * (decode-text.ts), so a file with a byte-order mark compares equal to what was stored.
 */
export async function changedOnDisk(engine: Engine, hits: ReadonlyArray<{readonly collection: string; readonly fileName: string}>): Promise<Map<string, boolean | null>> {
	const changed = new Map<string, boolean | null>();
	for (const hit of hits) {
		const key = documentKey(hit.collection, hit.fileName);
		if (changed.has(key)) {
			continue;
		}

		const stored = await engine.document(hit.collection, hit.fileName);
		if (!stored?.sourcePath) {
			changed.set(key, null);
			continue;
		}

		const text = await textOnDisk(stored);
		const current = text === undefined ? undefined : sha256(text);
		changed.set(key, current !== stored.contentHash); // a deleted or unreadable file counts as changed
	}

	return changed;
}
