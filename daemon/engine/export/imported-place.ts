import path from 'node:path';
import {documentName} from '../sources/document-names.js';
import type {Source} from '../storage/types.js';
import type {ImportedPlace} from './export-document.js';
import type {ExportedDocument} from './export-format.js';

/**
 * Where an imported document goes once the collection's sources are `sources` (`folderOf`: each exported
 * source's label and the folder it became, import-plan.ts). A document of a source takes the name its file has
 * there (names follow the collection's sources, document-names.ts) and the path it is read from, joined from its
 * source's folder here; a loose one keeps its name and the file it was read from.
 */
export function importedPlace(document: ExportedDocument, folderOf: ReadonlyMap<string, string>, sources: readonly Source[]): ImportedPlace {
	const folder = document.source === null || document.source === undefined ? undefined : folderOf.get(document.source);
	const source = sources.find(candidate => candidate.path === folder);
	if (!source || !document.relative_path) {
		return {fileName: document.file_name.normalize('NFC'), sourceId: null, relativePath: null, sourcePath: document.source_path ?? undefined, mtimeMs: null};
	}

	const relativePath = document.relative_path;
	return {
		fileName: documentName(sources, source, relativePath), sourceId: source.id, relativePath,
		sourcePath: path.join(source.path, ...relativePath.split('/')), mtimeMs: document.mtime_ms ?? null,
	};
}
