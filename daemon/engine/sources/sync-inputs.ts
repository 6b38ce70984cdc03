import {realpath, stat} from 'node:fs/promises';
import type {Source, DocumentInfo} from '../storage/types.js';
import type {FileStamp} from '../files/file-stamp.js';
import {documentName} from './document-names.js';
import {snapshotSource, type KnownFile, type SourceSnapshot} from './snapshot-source.js';
import type {DiskFile, StoredDocument} from './sync-plan-types.js';
import type {ReadTexts} from './read-texts.js';
import type {FolderVerdict} from './folder-check.js';

/** A file on disk as the sync plans and writes it: the planner's fields, its stamp to record, and its source's real folder (it is read only from inside it). */
export type SyncFile = DiskFile & {readonly stamp: FileStamp | undefined; readonly root: string};

export type SyncInputs = {
	/** Sources walked, by id; a source whose folder could not be walked is in `errors` instead (nothing of it is removed). */
	readonly snapshots: ReadonlyMap<number, SourceSnapshot>;
	readonly errors: ReadonlyMap<number, string>;
	readonly disk: readonly SyncFile[];
	readonly stored: readonly StoredDocument[];
};

export type InputOptions = {
	/** Paths of a source to read whatever their size and mtime say (a watcher reported them). */
	readonly reread?: ReadonlyMap<number, ReadonlySet<string>>;
	/** Read every file again (a rescan): size and mtime are not trusted. */
	readonly rescan?: boolean;
	readonly signal?: AbortSignal;
	/** Where the texts read are kept for the writes (read-texts.ts). */
	readonly texts?: ReadTexts;
	/** As files are checked: how many so far of how many found, over the sources walked until now. */
	readonly onChecked?: (checked: number, found: number) => void;
	/** Whether a source's folder, resolved now, may be read (folder-check.ts); undefined: any. */
	readonly checkFolder?: (source: Source, realFolder: string) => FolderVerdict | Promise<FolderVerdict>;
};

const key = (sourceId: number, relativePath: string) => `${sourceId}\0${relativePath}`;

/** A source's files checked, counted after those of the sources walked before it (`before`). */
const checkedFrom = (before: number, onChecked: InputOptions['onChecked']) => (checked: number, found: number) => onChecked?.(before + checked, before + found);

/** What the last sync knew of a source's files, so that unchanged ones are not read again. */
function knownFiles(documents: readonly DocumentInfo[], sourceId: number): Map<string, KnownFile> {
	return new Map(documents.filter(document => document.sourceId === sourceId && document.relativePath !== null && document.mtimeMs !== null)
		.map(document => [document.relativePath!, document.fileSize === null
			? {size: document.byteSize, mtimeMs: document.mtimeMs!, ctimeMs: null, contentHash: document.contentHash}
			: {size: document.fileSize, mtimeMs: document.mtimeMs!, ctimeMs: document.ctimeMs, contentHash: document.contentHash}]));
}

/**
 * Walks and hashes the sources being synced (`scope`) and describes the stored documents, for planSync. Names
 * follow all the collection's sources (`sources`), so a relabel shows as renames. Loose documents' recorded
 * paths are resolved: before sources, they were stored as given, and adoption compares real paths.
 */
export async function syncInputs(sources: readonly Source[], scope: readonly Source[], documents: readonly DocumentInfo[], options: InputOptions): Promise<SyncInputs> {
	const snapshots = new Map<number, SourceSnapshot>();
	const errors = new Map<number, string>();
	let before = 0; // files of the sources walked before this one
	for (const source of scope) {
		try {
			const info = await stat(source.path);
			if (!info.isDirectory()) {
				throw new Error('is not a folder');
			}

			snapshots.set(source.id, await snapshotSource(source.path, {
				include: source.include, exclude: source.exclude, ignoreFiles: source.ignoreFiles, hidden: source.hidden, signal: options.signal,
				known: options.rescan ? undefined : knownFiles(documents, source.id), reread: options.reread?.get(source.id), texts: options.texts,
				onChecked: checkedFrom(before, options.onChecked),
				checkRoot: options.checkFolder && (async realFolder => options.checkFolder!(source, realFolder)),
				// A second of slack: file systems with coarse timestamps round a ctime down.
				changedSince: source.lastSyncAt === null ? undefined : Date.parse(source.lastSyncAt) - 1000,
			}));
			before += snapshots.get(source.id)!.files.length + snapshots.get(source.id)!.failed.length;
		} catch (error) {
			if (options.signal?.aborted) {
				throw error; // Cancelled: not the folder's fault.
			}

			const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the folder is missing (moved, deleted or not mounted)' : (error instanceof Error ? error.message : String(error));
			errors.set(source.id, `${source.path}: ${reason}; nothing of this source was removed`);
		}
	}

	const disk = scope.filter(source => snapshots.has(source.id)).flatMap(source => snapshots.get(source.id)!.files.map(file => ({
		sourceId: source.id, relativePath: file.path, absolutePath: file.absolutePath, name: documentName(sources, source, file.path),
		contentHash: file.contentHash, stamp: file.stamp, root: snapshots.get(source.id)!.root,
	})));
	const stored = await Promise.all(documents.map(async document => ({
		name: document.fileName, contentHash: document.contentHash, sourceId: document.sourceId, relativePath: document.relativePath,
		sourcePath: document.sourceId === null && document.sourcePath ? await realpath(document.sourcePath).catch(() => document.sourcePath) : document.sourcePath,
	})));
	return {snapshots, errors, disk, stored};
}

/** Looks up a planned file's disk entry (its stamp) by source and relative path. */
export function diskIndex(disk: readonly SyncFile[]): (file: DiskFile) => SyncFile {
	const byKey = new Map(disk.map(file => [key(file.sourceId, file.relativePath), file]));
	return file => byKey.get(key(file.sourceId, file.relativePath))!;
}
