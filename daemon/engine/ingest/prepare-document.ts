import {chunkMarkdown, type ChunkedDocument} from '../chunker/chunk-markdown.js';
import {headingContextFromEnv} from '../chunker/heading-context.js';
import type {DocumentToWrite} from '../storage/types.js';
import {invalidInput} from '../errors.js';

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

/** A lone half of a UTF-16 surrogate pair: JSON can carry it ("\\ud800"), UTF-8 cannot store it. */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Chunks a document's text. Text sent inline is checked as files are (decode-text.ts): no NUL, valid Unicode. */
export function prepareDocument(content: string, fileName: string, sourcePath?: string, place?: DocumentPlace): PreparedDocument {
	const nul = content.indexOf('\0');
	if (nul !== -1) {
		throw invalidInput(`content: contains a NUL character at character ${nul}; Markdown is text`);
	}

	const surrogate = unpairedSurrogate.exec(content);
	if (surrogate) {
		throw invalidInput(`content: holds an unpaired surrogate (U+${surrogate[0].codePointAt(0)!.toString(16).toUpperCase()}) at character ${surrogate.index}: not valid Unicode text`);
	}

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
		meta: chunked.meta,
		contentHash: chunked.contentHash,
		byteSize: prepared.byteSize,
		chunks: chunked.chunks.map(chunk => ({...chunk, vector: vectors.get(chunk.hash)})),
	};
}
