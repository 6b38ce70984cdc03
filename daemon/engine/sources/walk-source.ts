import {statSync, type Dirent} from 'node:fs';
import {readdir, realpath, stat} from 'node:fs/promises';
import path from 'node:path';
import {setImmediate as turn} from 'node:timers/promises';
import {invalidInput} from '../errors.js';
import {IgnoreRules} from './ignore-rules.js';
import {FolderRefused, type FolderCheck} from './folder-check.js';
import {isMarkdownName} from './markdown-files.js';
import {defaultSkip, globFilters, type GlobFilters} from './path-filters.js';
import {emptyTally, recordSkip, type SkipReason, type SkipTally} from './skip-tally.js';

export const defaultMaxFileBytes = 500 * 1024;

export type WalkOptions = GlobFilters & {
	/** Honour `.gitignore` and `.mdvectorignore` (default true; `--no-ignore` turns it off). */
	readonly ignoreFiles?: boolean;
	/** Walk dot-names and `node_modules` too (default false); `.git`, `.hg`, `.svn` stay skipped. */
	readonly hidden?: boolean;
	readonly maxFileBytes?: number;
	readonly signal?: AbortSignal;
	/** Whether the folder, resolved, may be read (folder-check.ts): checked before anything in it is read. */
	readonly checkRoot?: FolderCheck;
};

export type WalkedFile = {
	/** POSIX path relative to the source root: the document's name within its source. */
	readonly path: string;
	/** Where to read it: the root joined with `path` (through any symlink it was reached by). */
	readonly absolutePath: string;
	readonly size: number;
	readonly mtimeMs: number;
	/** When its inode last changed: a rename (`mv`) changes it and keeps the mtime. */
	readonly ctimeMs: number;
};

export type WalkResult = {
	/** The source root, resolved (symlinks included). */
	readonly root: string;
	/** Sorted by path (code units, as `Array.prototype.sort`). */
	readonly files: WalkedFile[];
	readonly skipped: SkipTally;
};

/** A folder to read: where it is in the source, where it really is, and the ignore rules in force there. */
type Folder = {readonly relative: string; readonly real: string; readonly rules: IgnoreRules};
type Link = {readonly relative: string; readonly parentReal: string; readonly rules: IgnoreRules};

/**
 * The Markdown files of a source folder, and every entry left out with its reason. Symlinks are followed
 * only when their target stays inside the source; they are resolved after the real tree, so a link to a
 * folder or file walked under its own name is a duplicate (skipped) whatever the names' order, and a link to
 * a folder above it is a loop.
 */
export async function walkSource(root: string, options: WalkOptions = {}): Promise<WalkResult> {
	const realRoot = await realpath(root).catch(() => {
		throw invalidInput(`directory: ${root} does not exist or cannot be read`);
	});
	if (!(await stat(realRoot)).isDirectory()) {
		throw invalidInput(`directory: ${root} is not a folder`);
	}

	// Checked on the path resolved here, which every read below keeps to: a link swapped in later reads nothing.
	const refused = await options.checkRoot?.(realRoot);
	if (refused !== undefined) {
		throw new FolderRefused(refused);
	}

	const filters = globFilters(options);
	const maxBytes = options.maxFileBytes ?? defaultMaxFileBytes;
	const useIgnoreFiles = options.ignoreFiles ?? true;
	const files: WalkedFile[] = [];
	const skipped = emptyTally();
	const reached = new Set<string>([realRoot]); // real paths of the folders and files walked
	const links: Link[] = [];
	const skip = (reason: SkipReason, relative: string, isDirectory: boolean) => {
		recordSkip(skipped, reason, relative, isDirectory);
	};

	// A synchronous stat: an async one per file made the walk of 3,096 files cost ~100 ms of CPU instead of ~35
	// (a promise and a thread-pool trip each). Folders are still read asynchronously, so the event loop turns.
	const addFile = (relative: string, real: string) => {
		const info = statSync(real);
		if (info.size > maxBytes) {
			skip('too_large', relative, false);
		} else {
			reached.add(real);
			files.push({path: relative, absolutePath: realRoot + path.sep + relative, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs});
		}
	};

	// Everything but the type: default skips, ignore files, globs, extension. Undefined: keep it.
	const verdict = (relative: string, name: string, isDirectory: boolean, rules: IgnoreRules): SkipReason | undefined => {
		const byDefault = defaultSkip(name, options.hidden ?? false);
		if (byDefault) {
			return byDefault;
		}

		if (rules.ignores(relative, isDirectory)) {
			return 'ignored';
		}

		if (isDirectory) {
			return filters.excludesFolder(relative) ? 'excluded' : undefined;
		}

		if (!isMarkdownName(name)) {
			return 'not_markdown';
		}

		return filters.excludesFile(relative) ? 'excluded' : undefined;
	};

	let sliceStarted = performance.now();
	const visit = async (folder: Folder): Promise<void> => {
		options.signal?.throwIfAborted();
		let entries: Dirent[];
		try {
			entries = await readdir(folder.real, {withFileTypes: true});
		} catch {
			skip('unreadable', folder.relative, true);
			return;
		}

		const rules = useIgnoreFiles ? await folder.rules.enter(folder.real, folder.relative, entries.map(entry => entry.name)) : folder.rules;

		entries.sort((a, b) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0)));
		const folders: Folder[] = [];
		for (const entry of entries) {
			// A folder of many entries, each tested against globs and ignore rules, lets the event loop turn.
			if (performance.now() - sliceStarted > 10) {
				await turn();
				sliceStarted = performance.now();
			}

			const relative = folder.relative === '' ? entry.name : `${folder.relative}/${entry.name}`;
			const real = folder.real + path.sep + entry.name;
			if (entry.isSymbolicLink()) {
				links.push({relative, parentReal: folder.real, rules});
				continue;
			}

			if (!entry.isDirectory() && !entry.isFile()) {
				continue; // sockets, fifos, devices: not documents, not worth a word
			}

			const reason = verdict(relative, entry.name, entry.isDirectory(), rules);
			if (reason) {
				skip(reason, relative, entry.isDirectory());
			} else if (entry.isDirectory()) {
				reached.add(real);
				folders.push({relative, real, rules});
			} else {
				try {
					addFile(relative, real);
				} catch {
					skip('unreadable', relative, false);
				}
			}
		}

		for (const child of folders) {
			await visit(child);
		}
	};

	const followLink = async (link: Link): Promise<void> => {
		const name = path.posix.basename(link.relative);
		const target = await realpath(path.join(link.parentReal, name)).catch(() => undefined);
		const info = target === undefined ? undefined : await stat(target).catch(() => undefined);
		if (target === undefined || info === undefined) {
			// A broken link that would be left out anyway (an editor's `.#notes.md` lock, a `.txt`) is not a failure.
			skip(verdict(link.relative, name, false, link.rules) ?? 'unreadable', link.relative, false);
			return;
		}

		const isDirectory = info.isDirectory();
		const reason = linkSkip(realRoot, target, isDirectory, link.parentReal, reached) ?? verdict(link.relative, name, isDirectory, link.rules);
		if (reason) {
			skip(reason, link.relative, isDirectory);
		} else if (isDirectory) {
			reached.add(target);
			await visit({relative: link.relative, real: target, rules: link.rules});
		} else if (info.isFile()) {
			addFile(link.relative, target);
		}
	};

	await visit({relative: '', real: realRoot, rules: useIgnoreFiles ? await IgnoreRules.above(realRoot) : IgnoreRules.none});
	// Links found while following links are followed in turn, in path order.
	while (links.length > 0) {
		const batch = links.splice(0).sort((a, b) => (a.relative < b.relative ? -1 : 1));
		for (const link of batch) {
			await followLink(link);
		}
	}

	files.sort((a, b) => (a.path < b.path ? -1 : (a.path > b.path ? 1 : 0)));
	return {root: realRoot, files, skipped};
}

/** Why a link's target is not followed: it leaves the source, holds the link, or was walked already. */
function linkSkip(realRoot: string, target: string, isDirectory: boolean, parentReal: string, reached: ReadonlySet<string>): SkipReason | undefined {
	if (!isInside(realRoot, target)) {
		return 'symlink_outside';
	}

	if (isDirectory && isInside(target, parentReal)) {
		return 'symlink_loop';
	}

	return reached.has(target) ? 'symlink_duplicate' : undefined;
}

/** Whether `inner` is `outer` or lies under it (real, absolute paths). */
function isInside(outer: string, inner: string): boolean {
	return inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
}
