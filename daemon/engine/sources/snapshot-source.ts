import {sha256} from '../hash.js';
import {hiddenCharacterIn} from '../names.js';
import {stampOf, type FileStamp} from '../files/file-stamp.js';
import {walkSource, type WalkOptions, type WalkResult, type WalkedFile} from './walk-source.js';
import {readMarkdown} from './read-markdown.js';
import type {ReadTexts} from './read-texts.js';

/**
 * What was known of a file at the last sync: enough to skip reading it when it did not change. `ctimeMs` null:
 * recorded before stamps were (size is then the text's, mtime alone is compared).
 */
export type KnownFile = {readonly size: number; readonly mtimeMs: number; readonly ctimeMs: number | null; readonly contentHash: string};

/** A file with its content hash, and the stamp to record for it (from its read, or from the walk when not read). */
export type HashedFile = WalkedFile & {readonly contentHash: string; readonly stamp: FileStamp | undefined};

export type SourceSnapshot = Omit<WalkResult, 'files'> & {
	readonly files: HashedFile[];
	/** Files found but not read (vanished or unreadable between the walk and the read), with why. */
	readonly failed: Array<{path: string; error: string}>;
	/** How many files were read and hashed (the rest were known by size and modification time). */
	readonly read: number;
};

export type SnapshotOptions = WalkOptions & {
	/** The last sync's files by relative path; a file with the same size and mtime keeps its hash unread. */
	readonly known?: ReadonlyMap<string, KnownFile>;
	/** Paths read whatever `known` says (a watcher reported them: an edit can keep size and mtime). */
	readonly reread?: ReadonlySet<string>;
	/**
	 * Files whose inode changed at or after this time (ms) are read whatever `known` says: `mv` keeps a file's
	 * mtime, so two files of one size swapped by renames would otherwise keep each other's hash.
	 */
	readonly changedSince?: number;
	/** Files read at once. */
	readonly concurrency?: number;
	/** As files are checked (known by stamp, or read and hashed): how many so far, of how many found. */
	readonly onChecked?: (checked: number, found: number) => void;
	/** Where the texts read are kept for the writes that follow (read-texts.ts). */
	readonly texts?: ReadTexts;
};

/**
 * Every Markdown file of a source with its content hash (SHA-256 of its text, as the engine computes it), for
 * the sync planner. A watcher's batch re-walks the whole source (stat only) and reads only what changed, so
 * an event lost in a burst is still caught by size or mtime at the next batch.
 */
export async function snapshotSource(root: string, options: SnapshotOptions = {}): Promise<SourceSnapshot> {
	const walkedAt = Date.now();
	const walked = await walkSource(root, options);
	const files: HashedFile[] = [];
	const failed: SourceSnapshot['failed'] = [];
	let read = 0;
	let next = 0;
	let checked = 0;
	options.onChecked?.(0, walked.files.length);
	const worker = async () => {
		while (next < walked.files.length) {
			if (checked > 0) {
				options.onChecked?.(checked, walked.files.length);
			}

			checked++;
			const file = walked.files[next++]!;
			const hidden = hiddenCharacterIn(file.path);
			if (hidden) {
				failed.push({path: file.path, error: `file_name: ${hidden}`}); // refused as any new name is (names.ts)
				continue;
			}

			const known = options.known?.get(file.path);
			const touched = options.changedSince !== undefined && file.ctimeMs >= options.changedSince;
			const same = known?.size === file.size && known.mtimeMs === file.mtimeMs && (known.ctimeMs === null || known.ctimeMs === file.ctimeMs);
			if (same && !touched && !options.reread?.has(file.path)) {
				files.push({...file, contentHash: known.contentHash, stamp: stampOf(file, walkedAt)});
				continue;
			}

			try {
				const markdown = await readMarkdown(file.absolutePath, walked.root, options.maxFileBytes); // decoded as it is stored, so its hash is the stored one
				read++;
				options.texts?.keep(file.absolutePath, markdown);
				files.push({...file, contentHash: sha256(markdown.text), stamp: markdown.stamp});
			} catch (error) {
				failed.push({path: file.path, error: error instanceof Error ? error.message : String(error)});
			}
		}
	};

	await Promise.all(Array.from({length: options.concurrency ?? 8}, worker));
	options.onChecked?.(walked.files.length, walked.files.length);
	files.sort((a, b) => (a.path < b.path ? -1 : (a.path > b.path ? 1 : 0)));
	return {root: walked.root, skipped: walked.skipped, files, failed, read};
}
