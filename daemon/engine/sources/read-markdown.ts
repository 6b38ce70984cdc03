import {decodeText} from '../ingest/decode-text.js';
import {readUserFile} from '../files/read-user-file.js';
import type {FileStamp} from '../files/file-stamp.js';
import {defaultMaxFileBytes} from './walk-source.js';

/** A Markdown file's text as read, with its stamp then (undefined: not to be trusted, see file-stamp.ts). */
export type MarkdownFile = {readonly text: string; readonly stamp: FileStamp | undefined};

/**
 * A source file's text, by the rules of every ingested file (decode-text.ts: UTF-8, or UTF-16 with a byte-order
 * mark; no NUL), read only if it is really a regular file inside the source's folder `root` (a real path) and
 * at most the size limit when it is opened (read-user-file.ts); refused with the reason otherwise (a sync
 * reports it under `failed`).
 */
export async function readMarkdown(file: string, root: string, maxBytes = defaultMaxFileBytes): Promise<MarkdownFile> {
	const read = await readUserFile(file, {within: [root], maxBytes});
	return {text: decodeText(read.bytes, 'the file'), stamp: read.stamp};
}
