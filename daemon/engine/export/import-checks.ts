import {invalidInput} from '../errors.js';
import {sha256} from '../hash.js';
import {checkFileName} from '../names.js';
import {sourceOverlap} from '../sources/document-names.js';
import type {ExportedDocument, ExportedSource} from './export-format.js';

/** The header's sources together: labels and paths unique, none inside another (a file would belong to two). */
export function checkExportedSources(sources: readonly ExportedSource[], where: string): void {
	for (const [index, source] of sources.entries()) {
		const earlier = sources.slice(0, index);
		const overlap = sourceOverlap(earlier.map((other, id) => ({id, label: other.label, path: other.path})), source.path);
		if (overlap) {
			throw invalidInput(`import: ${where}: sources.${index}.path: ${overlap}`);
		}

		const twin = earlier.findIndex(other => other.label === source.label);
		if (twin !== -1) {
			throw invalidInput(`import: ${where}: sources.${index}.label: '${source.label}' is the label of sources.${twin} too; labels are unique in a collection`);
		}
	}
}

/**
 * What the schema cannot say of a document: a valid name; a place given whole (its source's label, one of the
 * header's, with its relative path; or neither, loose); a text that is what its content hash says was indexed
 * (`get` prints it as the document).
 */
export function checkDocumentPlace(document: ExportedDocument, labels: ReadonlySet<string>, where: string): void {
	const at = `import: ${where}: document '${document.file_name.slice(0, 300)}'`;
	try {
		checkFileName(document.file_name);
	} catch (error) {
		throw invalidInput(`${at}: ${(error as Error).message}`);
	}

	const source = document.source ?? null;
	if ((source === null) !== ((document.relative_path ?? null) === null)) {
		throw invalidInput(`${at}: source and relative_path go together (both for a document of a folder source, neither for a loose one)`);
	}

	if (source !== null && !labels.has(source)) {
		throw invalidInput(`${at}: source: '${source.slice(0, 80)}' is not the label of one of the header's sources`);
	}

	if (typeof document.text === 'string' && sha256(document.text) !== document.content_hash) {
		throw invalidInput(`${at}: text: its SHA-256 is not the document's content_hash (the text kept must be the text that was indexed)`);
	}
}
