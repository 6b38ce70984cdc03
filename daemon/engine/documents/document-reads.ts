import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import type {DocumentSummary} from '../engine-answers.js';
import {documentSection, type DocumentSection} from '../search/document-section.js';
import {documentLines, type DocumentLines, type GetRequest} from './get-document.js';
import {findDocument} from './find-document.js';

/** The part of a document under a heading path (search/document-section.ts); undefined when either is absent. */
export async function sectionOf(storage: Storage, row: Collection, fileName: string, headingPath: readonly string[]): Promise<DocumentSection & {file: string; collection: string} | undefined> {
	const section = documentSection(await storage.chunksOfDocument(row, fileName), headingPath);
	return section && {file: fileName, collection: row.name, ...section};
}

/**
 * A stored document, some of its lines or one section, as it was indexed, and whether its file changed since.
 * `requested` is its name or its file's absolute path (find-document.ts); the answer names the document.
 */
export async function linesOf(storage: Storage, row: Collection, requested: string, request: GetRequest): Promise<DocumentLines & {file: string; collection: string}> {
	const document = await findDocument(storage, row, requested);
	return {file: document.fileName, collection: row.name, ...await documentLines(document, await storage.documentText(row, document.fileName), request)};
}

export async function summariesOf(storage: Storage, row: Collection): Promise<DocumentSummary[]> {
	return (await storage.documents(row)).map(document => ({file: document.fileName, chunks: document.chunkCount, contentHash: document.contentHash}));
}
