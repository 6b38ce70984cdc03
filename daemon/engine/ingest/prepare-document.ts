import {chunkMarkdown, type ChunkedDocument} from '../chunker/chunk-markdown.js';
import {headingContextFromEnv} from '../chunker/heading-context.js';
import type {DocumentToWrite} from '../storage/types.js';

export type PreparedDocument = {
	readonly fileName: string;
	readonly sourcePath?: string;
	readonly byteSize: number;
	readonly chunked: ChunkedDocument;
};

export function prepareDocument(content: string, fileName: string, sourcePath?: string): PreparedDocument {
	return {fileName, sourcePath, byteSize: Buffer.byteLength(content), chunked: chunkMarkdown(content, fileName, {headingContext: headingContextFromEnv()})};
}

/** Attaches vectors (by chunk hash) and shapes the document for the store. */
export function toDocumentToWrite(prepared: PreparedDocument, vectors: ReadonlyMap<string, Float32Array>): DocumentToWrite {
	const {chunked} = prepared;
	return {
		fileName: prepared.fileName,
		sourcePath: prepared.sourcePath,
		title: chunked.title,
		tags: chunked.tags,
		contentHash: chunked.contentHash,
		byteSize: prepared.byteSize,
		chunks: chunked.chunks.map(chunk => ({...chunk, vector: vectors.get(chunk.hash)})),
	};
}
