import picomatch from 'picomatch';

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
 * picomatch's own `basename` option also changes how patterns with a '/' match (4.0.7: `docs/**` then misses
 * `docs/b.md`), so the two kinds are told apart here.
 */
function matcher(globs: readonly string[]): (relative: string) => boolean {
	const anywhere = globs.filter(glob => !glob.includes('/'));
	const anchored = globs.filter(glob => glob.includes('/')).map(glob => glob.replace(/^\//, ''));
	const byName = anywhere.length > 0 ? picomatch(anywhere, {dot: true}) : () => false;
	const byPath = anchored.length > 0 ? picomatch(anchored, {dot: true}) : () => false;
	return relative => byPath(relative) || byName(relative.slice(relative.lastIndexOf('/') + 1));
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
