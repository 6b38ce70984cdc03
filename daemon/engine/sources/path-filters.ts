import {GlobError} from '../../../common/glob/glob-limits.js';
import {pathGlobMatcher} from '../../../common/glob/path-glob.js';
import {invalidInput} from '../errors.js';

export type GlobFilters = {
	/** Globs a file must match one of (relative to the source, POSIX); none: every Markdown file. */
	readonly include?: readonly string[];
	/** Globs that leave a file or a whole folder out. */
	readonly exclude?: readonly string[];
};

/** Always skipped, even with hidden files on: version-control internals. */
const vcsFolders = new Set(['.git', '.hg', '.svn']);

/**
 * The `--include`/`--exclude` tests. A glob without a '/' matches a name at any depth (`*.draft.md`,
 * `drafts`); one with a '/' matches from the source's root (`archive/**`, `docs/*.md`). Dot-names match.
 */
export function globFilters({include = [], exclude = []}: GlobFilters) {
	const included = include.length > 0 ? matcher(include) : () => true;
	const excluded = exclude.length > 0 ? matcher(exclude) : () => false;
	return {
		/** A folder matched by an exclude glob is not entered at all. */
		excludesFolder: (relative: string) => excluded(relative),
		excludesFile: (relative: string) => excluded(relative) || !included(relative),
	};
}

/**
 * The globs as one test: those with a '/' over the whole relative path (a leading '/' or './' is the source's
 * root), the others over the last name. Each is an automaton (common/glob/path-glob.ts): no name, however
 * long, makes a glob backtrack. A glob stored before these rules that they refuse stops the sync with why.
 */
function matcher(globs: readonly string[]): (relative: string) => boolean {
	const compile = (glob: string) => {
		try {
			return pathGlobMatcher(glob);
		} catch (error) {
			throw error instanceof GlobError ? invalidInput(`include/exclude: ${error.message}; change the source's globs (md-vector ingest-dir DIR --exclude ...)`) : error;
		}
	};

	const anywhere = globs.filter(glob => !glob.includes('/')).map(glob => compile(glob));
	const anchored = globs.filter(glob => glob.includes('/')).map(glob => compile(glob.replace(/^\.?\//, '')));
	return relative => {
		if (anchored.some(matches => matches(relative))) {
			return true;
		}

		const name = relative.slice(relative.lastIndexOf('/') + 1);
		return anywhere.some(matches => matches(name));
	};
}

/** Why a name is skipped by default, or undefined: dot-names, VCS folders, `node_modules`. */
export function defaultSkip(name: string, hidden: boolean): 'hidden' | 'node_modules' | undefined {
	if (vcsFolders.has(name)) {
		return 'hidden';
	}

	if (hidden) {
		return undefined;
	}

	if (name.startsWith('.')) {
		return 'hidden';
	}

	return name === 'node_modules' ? 'node_modules' : undefined;
}
