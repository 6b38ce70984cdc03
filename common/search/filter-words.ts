// Search filters, once for every front door: which documents a search may answer from. Paths are globs over the
// stored document name (any may match); meta are front matter fields (all must hold; a list field holds when
// any element equals the value). No zod here: the CLI and the TUI load this file.

export const filterLimits = {paths: 20, pathMax: 300, meta: 20, keyMax: 100, valueMax: 300} as const;

/** Which documents a search may answer from; both parts must hold. */
export type SearchFilter = {
	/** Globs over the stored document name: `*` within a folder, `**` across folders, `?` one character, `{a,b}` either. */
	readonly paths?: readonly string[];
	/** Front matter field -> value. */
	readonly meta?: Readonly<Record<string, string>>;
};

/** A filter that keeps every document is none at all. */
export function isEmptyFilter(filter: SearchFilter | undefined): boolean {
	return !filter || ((filter.paths?.length ?? 0) === 0 && Object.keys(filter.meta ?? {}).length === 0);
}

/**
 * The filter of `--path GLOB` and `--where KEY=VALUE` words (the CLI's options, the TUI's `path:GLOB` and
 * `KEY:VALUE` words); undefined when there is none. A field given twice is refused: the API takes one value per field.
 */
export function filterOf(paths: readonly string[], where: ReadonlyArray<readonly [string, string]>): SearchFilter | undefined {
	const meta: Record<string, string> = {};
	for (const [key, value] of where) {
		if (Object.hasOwn(meta, key) && meta[key] !== value) {
			throw new RangeError(`front matter field '${key}' is given twice ('${meta[key]!}', '${value}'): a document must match each field once; give it once`);
		}

		meta[key] = value;
	}

	const filter = {...(paths.length > 0 ? {paths: [...paths]} : {}), ...(where.length > 0 ? {meta} : {})};
	return isEmptyFilter(filter) ? undefined : filter;
}

/** `KEY=VALUE` as a field and its value; undefined when it is not one. */
export function parseWhere(word: string): [string, string] | undefined {
	const equals = word.indexOf('=');
	const key = equals > 0 ? word.slice(0, equals).trim() : '';
	return key ? [key, word.slice(equals + 1).trim()] : undefined;
}

/** A `path:GLOB` or `KEY:VALUE` word of the TUI's search box (a URL's `https://` is not one). */
const filterWord = /^([A-Za-z_][\w.-]*):(?!\/\/)(\S+)$/;

/**
 * The TUI's search box: `path:GLOB` and `KEY:VALUE` words are the filter (as --path and --where), the other
 * words the query. A field given twice keeps its last value (the box is typed into: no error mid-word).
 */
export function splitFilterWords(text: string): {query: string; filter: SearchFilter | undefined} {
	const paths: string[] = [];
	const where = new Map<string, string>();
	const words: string[] = [];
	for (const word of text.split(/\s+/)) {
		const match = filterWord.exec(word);
		if (!match) {
			words.push(word);
		} else if (match[1] === 'path') {
			paths.push(match[2]!);
		} else {
			where.set(match[1]!, match[2]!);
		}
	}

	return {query: words.join(' ').trim(), filter: filterOf(paths, [...where])};
}
