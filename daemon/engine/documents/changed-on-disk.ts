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
 * fileChanged for each hit's document, once per document: what a search answers (Engine.search decides it once
 * per query, with the collections it already resolved). A hit sent inline (no source path: it came with the
 * chunk, from its document's row) is null without another read; the others' documents are read in one call per
 * collection (on PostgreSQL one statement, where a read per document was a round trip each).
 */
export async function changedOnDisk(storage: Storage, collections: readonly Collection[], hits: ReadonlyArray<{readonly collection: string; readonly fileName: string; readonly sourcePath: string | null}>): Promise<Map<string, boolean | null>> {
	const answers = new Map<string, boolean | null>();
	const toRead = new Map<Collection, Set<string>>(collections.map(collection => [collection, new Set()]));
	const byName = new Map(collections.map(collection => [collection.name, collection]));
	for (const hit of hits) {
		const collection = byName.get(hit.collection);
		if (collection && hit.sourcePath !== null) {
			toRead.get(collection)!.add(hit.fileName);
		} else {
			answers.set(documentKey(hit.collection, hit.fileName), null);
		}
	}

	await Promise.all([...toRead].filter(([, names]) => names.size > 0).map(async ([collection, names]) => {
		const stored = new Map((await storage.documentsNamed(collection, [...names])).map(document => [document.fileName, document]));
		await Promise.all([...names].map(async fileName => {
			const document = stored.get(fileName);
			answers.set(documentKey(collection.name, fileName), document ? await fileChanged(document) : null);
		}));
	}));
	return answers;
}
