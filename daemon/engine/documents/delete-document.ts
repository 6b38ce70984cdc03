import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import type {DeleteResult} from '../engine-answers.js';
import {notFound} from '../errors.js';
import {nearestHint} from './find-document.js';

/**
 * Deletes a document (run it in the write queue). A collection left with no document and no folder source goes
 * with it, as remove-source does (one rule: an empty collection that follows no folder is not kept; the next
 * ingest makes it again). A document of a folder source is back at that folder's next sync: the answer names the folder.
 */
export async function deleteDocument(storage: Storage, row: Collection, requested: string): Promise<DeleteResult> {
	// As stored (a name from before names were normalised), else in NFC, as names are stored now.
	const fileName = (await storage.document(row, requested)) ? requested : requested.normalize('NFC');
	const document = await storage.document(row, fileName);
	const deleted = await storage.deleteDocument(row, fileName);
	if (deleted === undefined) {
		// As get does: the nearest stored names, so a typo is fixed without a listing.
		throw notFound(`document '${fileName}' does not exist in collection '${row.name}'${nearestHint(fileName, await storage.documents(row), row.name)}`);
	}

	const sources = await storage.sources(row);
	const emptied = sources.length === 0 && (await storage.stats(row)).documents === 0;
	if (emptied) {
		await storage.deleteCollection(row);
	}

	const source = sources.find(candidate => candidate.id === document?.sourceId)?.path ?? null;
	return {file: fileName, collection: row.name, deletedChunks: deleted, collectionRemoved: emptied, source};
}
