// What one glob may ask for, wherever globs are taken (search filters, get, a source's include/exclude, ignore
// files): matching stays a single pass over each name, and these bound the passes and the states of each.

export const globLimits = {
	/** `*`, `**`, `?` and `[...]` in one glob. */
	wildcards: 32,
	/** Globs one glob stands for once its `{a,b}` are expanded (each brace multiplies them). */
	alternatives: 64,
	/** Globs one list (a filter's paths, a get's patterns, a source's include or exclude) stands for, expanded. */
	listAlternatives: 256,
} as const;

/** A glob refused, with the rule it breaks (the caller names the field). */
export class GlobError extends RangeError {
	constructor(readonly glob: string, rule: string) {
		super(`${JSON.stringify(glob.length > 80 ? `${glob.slice(0, 80)}…` : glob)}: ${rule}`);
	}
}

export function checkWildcards(glob: string, count: number): void {
	if (count > globLimits.wildcards) {
		throw new GlobError(glob, `has ${count} wildcards (*, **, ?, [...]); a glob has at most ${globLimits.wildcards}`);
	}
}

/** The product of the alternatives' counts, refused past the limit before anything is built. */
export function checkAlternatives(glob: string, counts: readonly number[]): void {
	let total = 1;
	for (const count of counts) {
		total *= Math.max(1, count);
		if (total > globLimits.alternatives) {
			throw new GlobError(glob, `stands for more than ${globLimits.alternatives} globs once its {a,b} are expanded; use fewer alternatives`);
		}
	}
}

/**
 * The first glob `check` refuses (check answers how many globs it stands for), or the list past
 * globLimits.listAlternatives, as a message for a schema's refinement; undefined when all are taken.
 */
export function firstGlobProblem(globs: readonly string[], check: (glob: string) => number): string | undefined {
	let total = 0;
	for (const glob of globs) {
		try {
			total += check(glob);
		} catch (error) {
			if (error instanceof GlobError) {
				return error.message;
			}

			throw error;
		}
	}

	return total > globLimits.listAlternatives ? `these globs stand for ${total} once their {a,b} are expanded; at most ${globLimits.listAlternatives} together` : undefined;
}
