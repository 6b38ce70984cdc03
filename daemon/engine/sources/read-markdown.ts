import {readTextFile} from '../ingest/decode-text.js';

/**
 * A source file's text, by the rules of every ingested file (decode-text.ts: UTF-8, or UTF-16 with a byte-order
 * mark; no NUL); refused with the reason otherwise (a sync reports it under `failed`).
 */
export async function readMarkdown(file: string): Promise<string> {
	return readTextFile(file, 'the file');
}
