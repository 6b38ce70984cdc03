// Limits of a get of several documents (no zod: the CLI loads this).
export const getManyLimits = {
	patterns: 100,
	patternMax: 1000,
	/** The largest --max-bytes: a document is at most this large anyway (ingest's limit is lower). */
	maxBytes: 100 * 1024 * 1024,
	/** Documents one answer carries; more matches are listed as skipped (limit). */
	documents: 500,
} as const;

/** Whether a pattern is a glob (`*`, `?`, `{a,b}`) rather than a name. */
export const isGlob = (pattern: string): boolean => /[*?{]/.test(pattern);
