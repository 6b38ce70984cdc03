import {decodeText} from '../ingest/decode-text.js';
import {readUserFile} from '../files/read-user-file.js';
import {defaultMaxFileBytes} from './walk-source.js';

/**
 * A source file's text, by the rules of every ingested file (decode-text.ts: UTF-8, or UTF-16 with a byte-order
 * mark; no NUL), read only if it is really a regular file inside the source's folder `root` (a real path) and
 * at most the size limit when it is opened (read-user-file.ts); refused with the reason otherwise (a sync
 * reports it under `failed`).
 */
export async function readMarkdown(file: string, root: string, maxBytes = defaultMaxFileBytes): Promise<string> {
	return decodeText((await readUserFile(file, {within: [root], maxBytes})).bytes, 'the file');
}
