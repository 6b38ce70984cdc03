import {chunkerVersion} from '../chunker/chunk-markdown.js';
import {storageFailure} from '../errors.js';
import type {ImportResult} from '../engine-answers.js';
import type {Storage} from '../storage/storage.js';
import {toDocument} from './export-document.js';
import {importedPlace} from './imported-place.js';
import {locateSources, planImport} from './import-plan.js';
import {ImportSpool} from './import-spool.js';
import {readImport, type ImportGuard} from './read-import.js';

export type ImportTarget = {
	readonly storage: Storage;
	/** Where checked documents wait (the data folder's `imports/`). */
	readonly spoolFolder: string;
	/** Runs the write between syncs (none plans over the collection meanwhile), in the engine's write queue. */
	readonly exclusive: <T>(task: () => Promise<T>) => Promise<T>;
};

/**
 * Restores an export (json or jsonl, as it streams in) into its collection, or into `collection` when given.
 * All of it is checked before anything is written (each document kept in a spool file once checked, so memory
 * holds one document whatever the export's size), then written in one transaction with the sources it brings:
 * into the collection it came from, its documents are again those of the collection's sources (nothing to
 * reconcile at the next sync); elsewhere, its sources are added, missing folders too (import-plan.ts).
 */
export async function importCollection(target: ImportTarget, body: string | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, collection: string | undefined, guard: ImportGuard = {}): Promise<ImportResult> {
	const input = typeof body === 'string' ? piecesOf(body) : body;
	const {storage} = target;
	const spool = await ImportSpool.create(target.spoolFolder).catch((error: unknown) => {
		throw storageFailure(error);
	});
	try {
		const checked = await readImport(input, collection, spool, {guard}).catch((error: unknown) => {
			throw storageFailure(error); // the spool's disk full: 507
		});
		const located = await locateSources(checked.sources);
		return await target.exclusive(async () => {
			const existing = await storage.collection(checked.collection);
			const [sources, documents] = existing ? await Promise.all([storage.sources(existing), storage.documents(existing)]) : [[], []];
			const plan = planImport(sources, documents, located);
			for (const [index, source] of plan.add.entries()) {
				await guard.path?.(`import: sources.${index}.path`, source.path);
			}

			await storage.importDocuments(checked.collection, chunkerVersion, {
				sources: plan.add,
				moves: plan.moves,
				vectors: spool.vectors,
				groups: all => spool.groups((document, where) => toDocument(document, checked.header, where, importedPlace(document, plan.folderOf, all))),
			}, checked.fingerprint);
			return {collection: checked.collection, documents: spool.documents, chunks: spool.chunks, sources: plan.report, renamed: plan.moves.length};
		});
	} finally {
		await spool.remove();
	}
}

/** A string body in pieces, as a request delivers it. */
function * piecesOf(text: string): Generator<string> {
	for (let at = 0; at < text.length; at += 64 * 1024) {
		yield text.slice(at, at + (64 * 1024));
	}
}
