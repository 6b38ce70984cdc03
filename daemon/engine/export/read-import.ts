import {chunkerVersion} from '../chunker/chunk-markdown.js';
import {invalidInput} from '../errors.js';
import {checkCollectionName} from '../names.js';
import {toDocument} from './export-document.js';
import type {ExportHeader} from './export-format.js';
import type {ImportSpool} from './import-spool.js';
import {readExport} from './read-export.js';
import type {ExportLimits} from './export-limits.js';

export type CheckedImport = {
	/** The collection it goes into: the one asked for, else the one the export names. */
	readonly collection: string;
	readonly header: ExportHeader;
	/** The model its vectors were made with (checked against the collection's by the storage); none for keyword-only exports. */
	readonly fingerprint?: {readonly modelId: string; readonly dims: number};
};

/**
 * An export (json or jsonl, as it streams in) read and checked whole, each document put in `spool` once checked
 * (its vectors too: dimensions, finite, unit length); nothing is written to the storage here. `admit` is told
 * the collection it goes into as soon as the header names it (and may refuse it) before any document is read.
 */
export async function readImport(input: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, collection: string | undefined, spool: ImportSpool, limits?: ExportLimits, admit?: (collection: string) => void): Promise<CheckedImport> {
	let header: ExportHeader | undefined;
	await readExport(input, {
		header(value) {
			admit?.(checkCollectionName(collection ?? value.collection));
			if (value.chunker_version !== chunkerVersion) {
				throw invalidInput(`import: the export was made by chunker v${value.chunker_version}; this version uses v${chunkerVersion}`);
			}

			header = value;
		},
		async document(document, where) {
			toDocument(document, header!, where); // its vectors decoded and checked now, before anything is written
			await spool.add(document);
		},
	}, limits);
	const fingerprint = header!.model_id && header!.dims ? {modelId: header!.model_id, dims: header!.dims} : undefined;
	return {collection: collection ?? header!.collection, header: header!, fingerprint};
}
