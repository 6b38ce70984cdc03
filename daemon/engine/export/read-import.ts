import {chunkerVersion} from '../chunker/chunk-markdown.js';
import {invalidInput} from '../errors.js';
import {checkCollectionName} from '../names.js';
import {toDocument} from './export-document.js';
import type {ExportedSource, ExportHeader} from './export-format.js';
import type {ImportSpool} from './import-spool.js';
import {checkDocumentPlace, checkExportedSources} from './import-checks.js';
import {readExport} from './read-export.js';
import type {ExportLimits} from './export-limits.js';

export type CheckedImport = {
	/** The collection it goes into: the one asked for, else the one the export names. */
	readonly collection: string;
	readonly header: ExportHeader;
	/** The model its vectors were made with (checked against the collection's by the storage); none for keyword-only exports. */
	readonly fingerprint?: {readonly modelId: string; readonly dims: number};
	/** The collection's folder sources as exported (none in an export of version 1). */
	readonly sources: readonly ExportedSource[];
};

/** What the caller may do (the route's permissions): each throws to refuse. */
export type ImportGuard = {
	/** The collection written (known from the header when none was asked for). */
	readonly collection?: (name: string) => void;
	/**
	 * A path the import names: a folder source it adds, the file a loose document was read from (`get` and
	 * changed-on-disk read it again). It may not exist here.
	 */
	readonly path?: (field: string, path: string) => Promise<void>;
};

export type ImportReadOptions = {readonly limits?: ExportLimits; readonly guard?: ImportGuard};

/**
 * An export (json or jsonl, as it streams in) read and checked whole, each document put in `spool` once checked
 * (its vectors too: dimensions, finite, unit length; its place and text); nothing is written to the storage here.
 */
export async function readImport(input: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, collection: string | undefined, spool: ImportSpool, options: ImportReadOptions = {}): Promise<CheckedImport> {
	let header: ExportHeader | undefined;
	let labels = new Set<string>();
	await readExport(input, {
		header(value, where) {
			options.guard?.collection?.(checkCollectionName(collection ?? value.collection));
			if (value.chunker_version !== chunkerVersion) {
				throw invalidInput(`import: the export was made by chunker v${value.chunker_version}; this version uses v${chunkerVersion}`);
			}

			checkExportedSources(value.sources ?? [], where);
			labels = new Set((value.sources ?? []).map(source => source.label));
			header = value;
		},
		async document(document, where) {
			checkDocumentPlace(document, labels, where);
			toDocument(document, header!, where); // its vectors decoded and checked now, before anything is written
			if ((document.source ?? null) === null && typeof document.source_path === 'string') {
				await options.guard?.path?.(`import: ${where}: source_path`, document.source_path);
			}

			await spool.add(document);
		},
	}, options.limits);
	const fingerprint = header!.model_id && header!.dims ? {modelId: header!.model_id, dims: header!.dims} : undefined;
	return {collection: collection ?? header!.collection, header: header!, fingerprint, sources: header!.sources ?? []};
}
