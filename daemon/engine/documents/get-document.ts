import {sliceLines} from '../../../common/get/line-range.js';
import {EngineError, invalidInput} from '../errors.js';
import {sha256} from '../hash.js';
import type {DocumentInfo} from '../storage/types.js';
import {findSection, parseSectionPath} from './find-section.js';
import {textOnDisk} from './text-on-disk.js';
import {fileChanged} from './changed-on-disk.js';

export type GetRequest = {readonly line?: number; readonly count?: number; readonly section?: string};

/** A stored document, or lines of it, or one section (`md-vector get`, GET /documents/{file}). */
export type DocumentLines = {
	readonly sourcePath: string | null;
	readonly startLine: number;
	readonly endLine: number;
	readonly totalLines: number;
	/** The section's headings, when one was asked for. */
	readonly headingPath?: readonly string[];
	readonly content: string;
	/** The file now differs from what was indexed, or is gone; null: not read from disk (sent inline). */
	readonly changedOnDisk: boolean | null;
	/** The document's front matter fields ({} when none, or stored before front matter was kept). */
	readonly meta: Readonly<Record<string, unknown>>;
};

/**
 * What was indexed (the stored text: the disk is not the record), cut to the lines or the section asked for.
 * Documents stored before texts were kept are answered from their file while it is unchanged; else 409.
 */
export async function documentLines(document: DocumentInfo, storedText: string | undefined, request: GetRequest): Promise<DocumentLines> {
	// With the text stored, the file is read only when its stamp says it may have changed (changed-on-disk.ts).
	const onDisk = storedText === undefined ? await textOnDisk(document) : undefined;
	const changedOnDisk = storedText === undefined
		? (document.sourcePath ? onDisk === undefined || sha256(onDisk) !== document.contentHash : null)
		: await fileChanged(document);
	const text = storedText ?? (changedOnDisk === false ? onDisk : undefined);
	if (text === undefined) {
		throw new EngineError('text_unavailable', 409, `the text of '${document.fileName}' was not kept (stored by an older version) and its file changed or is gone: run md-vector update (or ingest it again)`);
	}

	if (request.section !== undefined && (request.line !== undefined || request.count !== undefined)) {
		throw invalidInput('section: give either a section or a line range, not both');
	}

	try {
		if (request.section !== undefined) {
			const found = await findSection(text, parseSectionPath(request.section), document.fileName);
			const range = sliceLines(text, found.startLine, found.endLine - found.startLine + 1);
			return {sourcePath: document.sourcePath, ...range, headingPath: found.headingPath, changedOnDisk, meta: document.meta};
		}

		return {sourcePath: document.sourcePath, ...sliceLines(text, request.line, request.count), changedOnDisk, meta: document.meta};
	} catch (error) {
		throw error instanceof RangeError ? invalidInput(error.message) : error;
	}
}
