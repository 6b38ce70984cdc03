import {existsSync} from 'node:fs';
import path from 'node:path';
import {readUserFile} from '../files/read-user-file.js';
import {UserFileError} from '../files/user-file-error.js';
import {invalidInput} from '../errors.js';
import {IgnoreFile, ignoreFileLimits} from './ignore-file.js';

/** The ignore files honoured in every folder; `.mdvectorignore` comes last, so its `!rules` can undo git's. */
export const ignoreFileNames = ['.gitignore', '.mdvectorignore'] as const;

type Level = {
	readonly rules: IgnoreFile;
	/** The path as this level's folder sees it, or undefined when the path is not under that folder. */
	readonly localPath: (relative: string) => string | undefined;
};

/**
 * `.gitignore` and `.mdvectorignore` rules with git's semantics: each file's patterns are relative to its own
 * folder, and a deeper file's match (ignore or `!` re-include) wins over a shallower one's. Immutable: entering
 * a folder gives a new set, so sibling folders never see each other's rules. A folder's files past
 * ignoreFileLimits stop the sync of their source with why (nothing of it is removed): read in part, they could
 * let files in that their owner meant to keep out.
 */
export class IgnoreRules {
	static readonly none = new IgnoreRules([]);
	/** The source's own folder is ignored by the work tree above it: so is everything in it. */
	private static readonly everything = new IgnoreRules([], true);

	/**
	 * The rules that apply to a source before its own folders are read: those of the folders above it, up to the
	 * root of the git work tree that holds it (none when it is in no work tree).
	 */
	static async above(root: string): Promise<IgnoreRules> {
		const folders: string[] = [];
		for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
			folders.unshift(folder);
			if (existsSync(path.join(folder, '.git'))) {
				break;
			}

			if (path.dirname(folder) === folder) {
				return IgnoreRules.none; // reached / without a work tree: git would not apply these files
			}
		}

		const levels: Level[] = [];
		const read: Array<{folder: string; rules: IgnoreFile}> = [];
		for (const [index, folder] of folders.entries()) {
			const file = await readFolderRules(folder);
			if (file) {
				const prefix = path.relative(folder, root).split(path.sep).join('/');
				levels.push({rules: file, localPath: relative => `${prefix}/${relative}`});
				read.unshift({folder, rules: file});
			}

			// The next folder on the way to the source, ignored, takes everything below it along (git does not look inside).
			const below = folders[index + 1] ?? root;
			for (const level of read) {
				const decided = level.rules.decide(path.relative(level.folder, below).split(path.sep).join('/'), true);
				if (decided) {
					if (decided === 'ignored') {
						return IgnoreRules.everything;
					}

					break;
				}
			}
		}

		return new IgnoreRules(levels);
	}

	private constructor(private readonly levels: readonly Level[], private readonly all = false) {
		// Built by `none`, `above`, `enter`.
	}

	/**
	 * These rules plus those of `folder` (a folder of the source at `relativeFolder`, '' for the root), whose
	 * entry names are `names`: only ignore files that are there are read.
	 */
	async enter(folder: string, relativeFolder: string, names: readonly string[]): Promise<IgnoreRules> {
		if (this.all || !ignoreFileNames.some(name => names.includes(name))) {
			return this;
		}

		const prefix = relativeFolder === '' ? '' : `${relativeFolder}/`;
		return this.withFolder(folder, relative => (relative.startsWith(prefix) ? relative.slice(prefix.length) : undefined));
	}

	/** Whether a path of the source (POSIX, relative to its root) is ignored. */
	ignores(relative: string, isDirectory: boolean): boolean {
		if (this.all) {
			return true;
		}

		for (let index = this.levels.length - 1; index >= 0; index--) {
			const level = this.levels[index]!;
			const local = level.localPath(relative);
			const decided = local === undefined ? undefined : level.rules.decide(local, isDirectory);
			if (decided) {
				return decided === 'ignored';
			}
		}

		return false;
	}

	private async withFolder(folder: string, localPath: Level['localPath']): Promise<IgnoreRules> {
		const rules = await readFolderRules(folder);
		return rules ? new IgnoreRules([...this.levels, {rules, localPath}]) : this;
	}
}

/**
 * A folder's ignore files, read as every user's file is (a FIFO named .gitignore is not waited on): one that
 * cannot be read adds no rule; one too large, or past the rules' limits, stops the sync (its rules cannot be
 * honoured in part). Undefined when there is no rule.
 */
async function readFolderRules(folder: string): Promise<IgnoreFile | undefined> {
	const texts = await Promise.all(ignoreFileNames.map(async name => readUserFile(path.join(folder, name), {maxBytes: ignoreFileLimits.bytes}).then(file => file.bytes.toString('utf8'), (error: unknown) => {
		if (error instanceof UserFileError && error.reason === 'too_large') {
			throw invalidInput(`ignore file ${error.message}; shorten it (or sync with --no-ignore)`);
		}

		return '';
	})));
	const text = texts.join('\n');
	if (text.trim() === '') {
		return undefined;
	}

	const file = new IgnoreFile(text, `the ignore files of ${folder}`);
	return file.size > 0 ? file : undefined;
}
