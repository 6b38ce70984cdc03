import {stat} from 'node:fs/promises';
import path from 'node:path';
import {sha256} from '../hash.js';
import type {DirectoryProgress, DirectoryReport, FileOutcome, IngestMode} from '../../../common/wire/jobs.js';
import type {DocumentInfo} from '../storage/types.js';
import {prepareDocument, type PreparedDocument} from './prepare-document.js';
import {readTextFile} from './decode-text.js';
import {walkMarkdown} from './walk-markdown.js';

// A directory ingestion reports in the jobs contract's own shape (camelCase counts): the job registry copies
// those fields onto the wire (daemon/wire/jobs.ts).
export type {DirectoryProgress, DirectoryReport} from '../../../common/wire/jobs.js';

export const maxFileBytes = 500 * 1024;

export type DirectoryOptions = {
	readonly directory: string;
	readonly mode: IngestMode;
	readonly signal?: AbortSignal;
	readonly onProgress?: (progress: DirectoryProgress) => void;
	/** Chunks per write group: one embedding run and one transaction each. */
	readonly groupChunks?: number;
};

/** Where a directory ingestion reads what is stored and writes its groups (the engine gives one). */
export type DirectoryTarget = {
	/** The stored document of this name, if any (incremental mode compares content hashes). */
	readonly stored: (fileName: string) => Promise<DocumentInfo | undefined>;
	/** Embeds and writes a group of documents in one transaction, after the writes queued before it. */
	readonly write: (documents: readonly PreparedDocument[]) => Promise<FileOutcome[]>;
};

/**
 * Ingests every Markdown file under a directory. Files are read and chunked while the previous group is
 * being embedded; each group is committed in one transaction, so a crash or a cancel keeps every finished
 * group and no half-document. A file that fails (unreadable, too large) is reported and skipped.
 */
export async function ingestDirectory(target: DirectoryTarget, options: DirectoryOptions): Promise<DirectoryReport> {
	const files = await walkMarkdown(options.directory);
	const groupChunks = options.groupChunks ?? 256;
	const outcomes: FileOutcome[] = [];
	const progress = {totalFiles: files.length, processedFiles: 0, indexed: 0, unchanged: 0, failed: 0, chunks: 0};
	const record = (batch: readonly FileOutcome[]) => {
		for (const outcome of batch) {
			outcomes.push(outcome);
			progress.processedFiles++;
			progress[outcome.status]++;
			progress.chunks += outcome.status === 'failed' ? 0 : outcome.chunks;
		}

		options.onProgress?.({...progress});
	};

	let next = 0;
	const readGroup = async (): Promise<PreparedDocument[]> => {
		const group: PreparedDocument[] = [];
		let chunks = 0;
		while (next < files.length && chunks < groupChunks) {
			const relative = files[next++]!;
			const absolute = path.join(options.directory, relative);
			try {
				const info = await stat(absolute);
				if (info.size > maxFileBytes) {
					throw new Error(`file is ${Math.round(info.size / 1024)} KB; the limit is ${maxFileBytes / 1024} KB`);
				}

				const content = await readTextFile(absolute, 'the file');
				// Incremental: an unchanged file is known by its hash alone; chunking it (the costly part) is skipped.
				const existing = options.mode === 'incremental' ? await target.stored(relative) : undefined;
				if (existing?.contentHash === sha256(content)) {
					record([{file: relative, status: 'unchanged', chunks: existing.chunkCount}]);
					continue;
				}

				const document = prepareDocument(content, relative, absolute);
				group.push(document);
				chunks += document.chunked.chunks.length;
			} catch (error) {
				record([{file: relative, status: 'failed', chunks: 0, error: error instanceof Error ? error.message : String(error)}]);
			}
		}

		return group;
	};

	options.onProgress?.({...progress});
	let group = await readGroup();
	let cancelled = false;
	while (group.length > 0) {
		if (options.signal?.aborted) {
			cancelled = true;
			break;
		}

		const current = group;
		const written = target.write(current);
		// Overlap: read and chunk the next group while this one is embedded and written.
		const [batch, following] = await Promise.all([written, readGroup()]);
		record(batch);
		group = following;
	}

	return {...progress, cancelled, files: outcomes};
}
