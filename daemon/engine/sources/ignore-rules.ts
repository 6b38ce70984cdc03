import {existsSync} from 'node:fs';
import path from 'node:path';
import ignore, {type Ignore} from 'ignore';
import {readUserFile} from '../files/read-user-file.js';

/** An ignore file larger than this is not read (git's own are a few KB). */
const ignoreFileBytes = 1024 * 1024;

/** The ignore files honoured in every folder; `.mdvectorignore` comes last, so its `!rules` can undo git's. */
export const ignoreFileNames = ['.gitignore', '.mdvectorignore'] as const;

type Level = {
	readonly rules: Ignore;
	/** The path as this level's folder sees it, or undefined when the path is not under that folder. */
	readonly localPath: (relative: string) => string | undefined;
};

/**
 * `.gitignore` and `.mdvectorignore` rules with git's semantics: each file's patterns are relative to its own
 * folder, and a deeper file's match (ignore or `!` re-include) wins over a shallower one's. Immutable: entering
 * a folder gives a new set, so sibling folders never see each other's rules.
 */
export class IgnoreRules {
	static readonly none = new IgnoreRules([]);

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

		let rules = IgnoreRules.none;
		for (const folder of folders) {
			const prefix = path.relative(folder, root).split(path.sep).join('/');
			rules = await rules.withFolder(folder, relative => `${prefix}/${relative}`);
		}

		return rules;
	}

	private constructor(private readonly levels: readonly Level[]) {
		// Built by `none`, `above`, `enter`.
	}

	/**
	 * These rules plus those of `folder` (a folder of the source at `relativeFolder`, '' for the root), whose
	 * entry names are `names`: only ignore files that are there are read.
	 */
	async enter(folder: string, relativeFolder: string, names: readonly string[]): Promise<IgnoreRules> {
		if (!ignoreFileNames.some(name => names.includes(name))) {
			return this;
		}

		const prefix = relativeFolder === '' ? '' : `${relativeFolder}/`;
		return this.withFolder(folder, relative => (relative.startsWith(prefix) ? relative.slice(prefix.length) : undefined));
	}

	/** Whether a path of the source (POSIX, relative to its root) is ignored. */
	ignores(relative: string, isDirectory: boolean): boolean {
		for (let index = this.levels.length - 1; index >= 0; index--) {
			const level = this.levels[index]!;
			const local = level.localPath(relative);
			if (local === undefined) {
				continue;
			}

			const result = level.rules.test(isDirectory ? `${local}/` : local);
			if (result.ignored || result.unignored) {
				return result.ignored;
			}
		}

		return false;
	}

	private async withFolder(folder: string, localPath: Level['localPath']): Promise<IgnoreRules> {
		// Read as every user's file is (a FIFO named .gitignore is not waited on); one that cannot be read adds no rule.
		const texts = await Promise.all(ignoreFileNames.map(async name => readUserFile(path.join(folder, name), {maxBytes: ignoreFileBytes}).then(file => file.bytes.toString('utf8'), () => '')));
		const text = texts.join('\n');
		return text.trim() === '' ? this : new IgnoreRules([...this.levels, {rules: ignore().add(text), localPath}]);
	}
}
