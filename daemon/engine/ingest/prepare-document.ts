import type {ChunkedDocument} from '../chunker/chunk-markdown.js';
import {ChunkRefusal, chunkThread} from '../chunker/chunk-thread.js';
import {headingContextFromEnv} from '../chunker/heading-context.js';
import type {DocumentToWrite} from '../storage/types.js';
import type {FileStamp} from '../files/file-stamp.js';
import {invalidInput} from '../errors.js';

/** Where a document lives in a folder source (absent: loose). */
export type DocumentPlace = Pick<DocumentToWrite, 'sourceId' | 'relativePath'>;

/** Where a document's text came from: the file it was read from, its place in a source, its stamp as read. */
export type DocumentOrigin = {readonly sourcePath?: string; readonly place?: DocumentPlace; readonly stamp?: FileStamp};

export type PreparedDocument = DocumentOrigin & {
	readonly fileName: string;
	readonly byteSize: number;
	/** The whole text, kept for `get`. */
	readonly text: string;
	readonly chunked: ChunkedDocument;
};

/** A lone half of a UTF-16 surrogate pair: JSON can carry it ("\\ud800"), UTF-8 cannot store it. */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Chunks a document's text, on the chunking thread (chunker/chunk-thread.ts). Text sent inline is checked as
 * files are (decode-text.ts): no NUL, valid Unicode. A document the chunker refuses (its front matter past the
 * limits, Markdown too complex to chunk in time) is an invalid-input error naming why: that document fails alone.
 */
export async function prepareDocument(content: string, fileName: string, origin: DocumentOrigin = {}): Promise<PreparedDocument> {
	const nul = content.indexOf('\0');
	if (nul !== -1) {
		throw invalidInput(`content: contains a NUL character at character ${nul}; Markdown is text`);
	}

	const surrogate = unpairedSurrogate.exec(content);
	if (surrogate) {
		throw invalidInput(`content: holds an unpaired surrogate (U+${surrogate[0].codePointAt(0)!.toString(16).toUpperCase()}) at character ${surrogate.index}: not valid Unicode text`);
	}

	let chunked: ChunkedDocument;
	try {
		chunked = await chunkThread.chunk(content, fileName, headingContextFromEnv());
	} catch (error) {
		throw error instanceof ChunkRefusal ? invalidInput(`${fileName}: ${error.message}`) : error;
	}

	return {...origin, fileName, byteSize: Buffer.byteLength(content), text: content, chunked};
}

/** Attaches vectors (by chunk hash) and shapes the document for the store. */
export function toDocumentToWrite(prepared: PreparedDocument, vectors: ReadonlyMap<string, Float32Array>): DocumentToWrite {
	const {chunked} = prepared;
	return {
		fileName: prepared.fileName,
		sourcePath: prepared.sourcePath,
		text: prepared.text,
		...prepared.place,
		fileSize: prepared.stamp?.size ?? null,
		mtimeMs: prepared.stamp?.mtimeMs ?? null,
		ctimeMs: prepared.stamp?.ctimeMs ?? null,
		title: chunked.title,
		tags: chunked.tags,
		meta: chunked.meta,
		contentHash: chunked.contentHash,
		byteSize: prepared.byteSize,
		chunks: chunked.chunks.map(chunk => ({...chunk, vector: vectors.get(chunk.hash)})),
	};
}
