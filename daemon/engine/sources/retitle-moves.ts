import path from 'node:path';
import {sha256} from '../hash.js';
import {prepareDocument} from '../ingest/prepare-document.js';
import type {Storage} from '../storage/storage.js';
import type {Collection} from '../storage/types.js';
import type {SyncFile} from './sync-inputs.js';
import {readMarkdown} from './read-markdown.js';
import type {ReadTexts} from './read-texts.js';

/** The headings a chunk is filed under, as one comparable string. */
const filedUnder = (chunk: {readonly headingPath: readonly string[]; readonly sectionTitle: string}) => JSON.stringify([chunk.headingPath, chunk.sectionTitle]);

/**
 * Moved files (same text, new path) whose document must be written again after the move: a document without a
 * title of its own (no front matter title, no `#` heading) is titled after its file name, and that title is in
 * every chunk's heading path and embedded text. Only files whose base name changed are read (or their text the
 * snapshot kept); a file that changed
 * since the sync read it is written again too. Undefined reads (gone meanwhile) are left to the next sync.
 */
export async function movesToRewrite(storage: Storage, collection: Collection, moves: ReadonlyArray<{readonly file: SyncFile; readonly previousName: string}>, texts: ReadTexts, signal?: AbortSignal): Promise<SyncFile[]> {
	const rewrite: SyncFile[] = [];
	for (const {file, previousName} of moves) {
		if (signal?.aborted) {
			break;
		}

		if (path.posix.basename(previousName) === path.posix.basename(file.name)) {
			continue;
		}

		const text = (texts.peek(file.absolutePath) ?? await readMarkdown(file.absolutePath, file.root).catch(() => undefined))?.text;
		if (text === undefined) {
			continue;
		}

		const now = (await prepareDocument(text, file.name).catch(() => undefined))?.chunked.chunks.map(chunk => filedUnder(chunk));
		const stored = (await storage.chunksOfDocument(collection, file.name)).map(chunk => filedUnder(chunk));
		if (sha256(text) !== file.contentHash || JSON.stringify(now) !== JSON.stringify(stored)) {
			rewrite.push(file);
		}
	}

	return rewrite;
}
