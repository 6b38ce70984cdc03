import {chunkMarkdown, type ChunkedDocument} from '../chunker/chunk-markdown.js';
import {headingContextFromEnv} from '../chunker/heading-context.js';
import type {DocumentToWrite} from '../storage/types.js';

/** Where a document lives in a folder source (absent: loose). */
export type DocumentPlace = Pick<DocumentToWrite, 'sourceId' | 'relativePath' | 'mtimeMs'>;

export type PreparedDocument = {
	readonly fileName: string;
	readonly sourcePath?: string;
	readonly byteSize: number;
	/** The whole text, kept for `get`. */
	readonly text: string;
	readonly place?: DocumentPlace;
	readonly chunked: ChunkedDocument;
};

export function prepareDocument(content: string, fileName: string, sourcePath?: string, place?: DocumentPlace): PreparedDocument {
	return {fileName, sourcePath, byteSize: Buffer.byteLength(content), text: content, place, chunked: chunkMarkdown(content, fileName, {headingContext: headingContextFromEnv()})};
}

/** Attaches vectors (by chunk hash) and shapes the document for the store. */
export function toDocumentToWrite(prepared: PreparedDocument, vectors: ReadonlyMap<string, Float32Array>): DocumentToWrite {
	const {chunked} = prepared;
	return {
		fileName: prepared.fileName,
		sourcePath: prepared.sourcePath,
		text: prepared.text,
		...prepared.place,
		title: chunked.title,
		tags: chunked.tags,
		contentHash: chunked.contentHash,
		byteSize: prepared.byteSize,
		chunks: chunked.chunks.map(chunk => ({...chunk, vector: vectors.get(chunk.hash)})),
	};
}
