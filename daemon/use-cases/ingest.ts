// Indexing one document, from its text or from a file the caller may read (opened once, checked as opened:
// safe-path.ts). The same limits for every front door, whatever its own schema lets through.
import path from 'node:path';
import type {Engine} from '../engine/engine.js';
import type {IngestResult} from '../engine/engine-answers.js';
import type {IngestMode} from '../engine/ingest/ingest-outcome.js';
import {maxContentBytes} from '../../common/requests/ingest.js';
import {sha256} from '../engine/hash.js';
import type {Actor} from './actor.js';
import {invalidInput} from './errors.js';
import {operations} from './operations.js';
import {readSafeFile} from './safe-path.js';

export type IngestInput = {
	readonly collection: string;
	readonly mode?: IngestMode;
	/** The name to store it under; default: the file's base name, or document-<hash>.md for content. */
	readonly fileName?: string;
	/** Aborted when the caller is gone (it hung up): the embedding stops and nothing is stored. */
	readonly signal?: AbortSignal;
} & ({readonly content: string; readonly filePath?: undefined} | {readonly filePath: string; readonly content?: undefined});

export async function ingest(engine: Engine, actor: Actor, input: IngestInput): Promise<IngestResult> {
	const {collection, mode} = input;
	actor.require(operations.ingest, collection);
	if (input.filePath === undefined) {
		if (Buffer.byteLength(input.content) > maxContentBytes) {
			throw invalidInput('content: must be at most 500 KB');
		}

		return engine.ingest({content: input.content, fileName: input.fileName ?? `document-${sha256(input.content, 8)}.md`, collection, mode, signal: input.signal});
	}

	// Opened once and checked as opened: a link swapped in after the check reads nothing outside.
	// Its stamp as read (size, mtime, ctime) lets a search tell whether it changed without reading it again.
	const {realPath, text, stamp} = await readSafeFile('file_path', input.filePath, actor.readable);
	return engine.ingest({content: text, fileName: input.fileName ?? path.basename(input.filePath), sourcePath: realPath, nameFromPath: input.fileName === undefined, stamp, collection, mode, signal: input.signal});
}
