import {sha256} from '../hash.js';
import {recordedStamp, sameStamp} from '../files/file-stamp.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, DocumentInfo} from '../storage/types.js';
import {statOnDisk, textOnDisk} from './text-on-disk.js';

/** The key of a hit's document in changedOnDisk's answer. */
export const documentKey = (collection: string, fileName: string) => `${collection}\n${fileName}`;

/**
 * Whether a stored document's file still holds the text that was indexed: true when it differs or is gone,
 * false when it is the same, null when the document was sent inline (never read from disk). A file whose stamp
 * (size, mtime, ctime: files/file-stamp.ts) is the one recorded when it was read is the same without being
 * read; otherwise (touched, or no stamp recorded) it is read as ingestion reads it (decode-text.ts) and its hash
 * compared, so a file with a byte-order mark compares equal to what was stored.
 */
export async function fileChanged(document: DocumentInfo): Promise<boolean | null> {
	if (!document.sourcePath) {
		return null;
	}

	const recorded = recordedStamp(document);
	if (recorded) {
		const now = await statOnDisk(document);
		if (now === undefined) {
			return true; // gone, or no longer a file in its place
		}

		if (sameStamp(recorded, now)) {
			return false;
		}
	}

	const text = await textOnDisk(document);
	return text === undefined || sha256(text) !== document.contentHash; // a deleted or unreadable file counts as changed
}

/**
 * fileChanged for each hit's document, once per document and the documents at once: what a search answers
 * (Engine.search decides it once per query, with the collections it already resolved).
 */
export async function changedOnDisk(storage: Storage, collections: readonly Collection[], hits: ReadonlyArray<{readonly collection: string; readonly fileName: string}>): Promise<Map<string, boolean | null>> {
	const byName = new Map(collections.map(collection => [collection.name, collection]));
	const unique = new Map(hits.map(hit => [documentKey(hit.collection, hit.fileName), hit]));
	const answers = await Promise.all([...unique].map(async ([key, hit]) => {
		const collection = byName.get(hit.collection);
		const stored = collection && await storage.document(collection, hit.fileName);
		return [key, stored ? await fileChanged(stored) : null] as const;
	}));
	return new Map(answers);
}
