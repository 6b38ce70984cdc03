import type {Stats} from 'node:fs';
import {realpath, stat} from 'node:fs/promises';
import path from 'node:path';
import {decodeText} from '../ingest/decode-text.js';
import {readUserFile} from '../files/read-user-file.js';
import {defaultMaxFileBytes} from '../sources/walk-source.js';
import type {DocumentInfo} from '../storage/types.js';

/**
 * Where a stored document's file must really be for the daemon to read it again: inside its source's folder (its
 * recorded path is that folder's real path joined with its relative path), or, loose, the real path it was
 * ingested from. A link swapped in there to anything else is not followed.
 */
export function placeOf(document: DocumentInfo & {readonly sourcePath: string}): string {
	const {sourcePath, relativePath} = document;
	const suffix = relativePath === null ? undefined : path.sep + relativePath.split('/').join(path.sep);
	return suffix && sourcePath.endsWith(suffix) ? sourcePath.slice(0, -suffix.length) : sourcePath;
}

/**
 * The text of a stored document's file now, read as ingestion reads it (decode-text.ts), once, and only if it is
 * a regular file of at most the size limit in its place (read-user-file.ts); undefined when it is not (gone,
 * unreadable, replaced by a link elsewhere or a FIFO, too large, not text), or when it was sent inline.
 */
export async function textOnDisk(document: DocumentInfo): Promise<string | undefined> {
	if (!document.sourcePath) {
		return undefined;
	}

	try {
		const file = await readUserFile(document.sourcePath, {within: [placeOf({...document, sourcePath: document.sourcePath})], maxBytes: defaultMaxFileBytes});
		return decodeText(file.bytes, 'the file');
	} catch {
		return undefined;
	}
}

/**
 * The metadata of a stored document's file now, without opening it: resolved and found in its place (as
 * textOnDisk would read it) and a regular file; undefined when it is not (gone, a link elsewhere, a FIFO) or was
 * sent inline.
 */
export async function statOnDisk(document: DocumentInfo): Promise<Stats | undefined> {
	if (!document.sourcePath) {
		return undefined;
	}

	try {
		const real = await realpath(document.sourcePath);
		const place = placeOf({...document, sourcePath: document.sourcePath});
		const relative = path.relative(place, real);
		if (relative.startsWith('..') || path.isAbsolute(relative)) {
			return undefined;
		}

		const info = await stat(real);
		return info.isFile() ? info : undefined;
	} catch {
		return undefined;
	}
}
