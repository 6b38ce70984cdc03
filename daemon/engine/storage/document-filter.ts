// Filters as the backends run them: a path glob as a regular expression both SQLite (its REGEXP, JavaScript's
// engine) and PostgreSQL (`~`, its own) read alike, and front matter as "pairs" stored beside each document.
import type {SearchFilter} from '../../../common/search/filter-words.js';

export type {SearchFilter} from '../../../common/search/filter-words.js';
export {globPattern} from '../../../common/search/glob-pattern.js';

/** A front matter field and value as stored and matched: one JSON string, so neither part can forge the other. */
export function metaPair(key: string, value: string): string {
	return JSON.stringify([key, value]);
}

/** Bounds of what is kept of a document's front matter: it is shown by get and matched by filters, nothing else. */
const metaBytesMax = 16_384;
const pairsMax = 500;

/**
 * Every (field, value) a filter can match: scalars as text (numbers and booleans as written in YAML, `true`),
 * each element of a list of scalars; nested objects and nulls match nothing.
 */
export function metaPairs(meta: Readonly<Record<string, unknown>>): string[] {
	const pairs = new Set<string>();
	const text = (value: unknown) => (typeof value === 'string' ? value : (typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined));
	for (const [key, value] of Object.entries(meta)) {
		for (const element of Array.isArray(value) ? value : [value]) {
			const scalar = text(element);
			if (scalar !== undefined) {
				pairs.add(metaPair(key, scalar.trim()));
			}
		}
	}

	return [...pairs].slice(0, pairsMax);
}

/** Front matter as stored: an object, or nothing when it is larger than is sensible to keep per document. */
export function storedMeta(meta: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
	if (!meta || JSON.stringify(meta).length > metaBytesMax) {
		return {};
	}

	return {...meta};
}

/** The filter's meta as the pairs a document must all hold. */
export function requiredPairs(filter: Pick<SearchFilter, 'meta'>): string[] {
	return Object.entries(filter.meta ?? {}).map(([key, value]) => metaPair(key, value.trim()));
}
