/**
 * Why the walker left an entry out. `hidden`: a dot-name (and always `.git`, `.hg`, `.svn`); `node_modules`;
 * `ignored`: a `.gitignore`/`.mdvectorignore` rule; `excluded`: an `--exclude` glob, or no `--include` glob
 * matched; `symlink_outside`: a link whose target leaves the source; `symlink_loop`: a link to a folder that
 * holds the link; `symlink_duplicate`: a link to something already walked under its own name; `unreadable`:
 * a broken link or an entry that could not be read.
 */
export const skipReasons = [
	'hidden', 'node_modules', 'ignored', 'excluded', 'not_markdown', 'too_large',
	'symlink_outside', 'symlink_loop', 'symlink_duplicate', 'unreadable',
] as const;

export type SkipReason = (typeof skipReasons)[number];

export type SkipTally = {
	/** Entries skipped per reason; a skipped folder counts once (it is not entered). */
	readonly counts: Record<SkipReason, number>;
	/** The first paths skipped for each reason (folders end with '/'), for a report a person reads. */
	readonly examples: Record<SkipReason, string[]>;
};

/** At most this many example paths are kept per reason: a report stays short on a huge tree. */
export const examplesPerReason = 20;

export function emptyTally(): SkipTally {
	const counts = Object.fromEntries(skipReasons.map(reason => [reason, 0])) as Record<SkipReason, number>;
	const examples = Object.fromEntries(skipReasons.map(reason => [reason, []])) as unknown as Record<SkipReason, string[]>;
	return {counts, examples};
}

export function recordSkip(tally: SkipTally, reason: SkipReason, relativePath: string, isDirectory: boolean): void {
	tally.counts[reason]++;
	if (tally.examples[reason].length < examplesPerReason) {
		tally.examples[reason].push(isDirectory ? `${relativePath}/` : relativePath);
	}
}
