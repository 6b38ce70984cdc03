// The search request, once, for every caller: the HTTP route and MCP validate with these schemas, the CLI and
// the TUI take their defaults and choices from here, and the engine applies the defaults (withSearchDefaults).
// No daemon imports: the CLI loads this file.
import {z} from 'zod';
import {queryProblem} from './query-syntax.js';
import {isEmptyFilter, searchFilter, type SearchFilter} from './search/filter.js';
import {fusions, searchDefaults, searchLimits, searchModes, type Fusion, type SearchMode} from './search-defaults.js';

export {defaultCollection, fusions, searchDefaults, searchLimits, searchModes, type Fusion, type SearchMode} from './search-defaults.js';

const topKRule = `must be an integer from ${searchLimits.topKMin} to ${searchLimits.topKMax}`;
const queryRule = `must be 1 to ${searchLimits.queryMax} characters`;
const minScoreRule = 'must be a number (hits scoring below it are left out)';
const quoted = (values: readonly string[]) => values.map(value => `'${value}'`).join(', ').replace(/, ([^,]*)$/, ' or $1');

/** The fields of a search as the API takes them (snake_case), each with the rule its error message names. */
export const searchFields = {
	// Only spaces find nothing by any mode: refused like an empty query, not answered with arbitrary hits.
	query: z.string({error: 'is required and must be a string'}).min(1, queryRule).max(searchLimits.queryMax, queryRule)
		.refine(query => query.trim() !== '', 'must hold something besides whitespace')
		.superRefine((query, context) => {
			const problem = queryProblem(query);
			if (problem) {
				context.addIssue({code: 'custom', message: problem});
			}
		}),
	top_k: z.number({error: topKRule}).int(topKRule).min(searchLimits.topKMin, topKRule).max(searchLimits.topKMax, topKRule).optional(),
	collection: z.string().max(searchLimits.collectionMax, `must be at most ${searchLimits.collectionMax} characters`).optional(),
	mode: z.enum(searchModes, {error: `must be ${quoted(searchModes)}`}).optional(),
	collapse: z.boolean({error: 'must be true or false'}).optional(),
	fusion: z.enum(fusions, {error: `must be ${quoted(fusions)}`}).optional(),
	/** Several collections searched as one ranking over their union (beside the spec's `collection`, which stays as it is). */
	collections: z.array(z.string({error: 'must be collection names'}).min(1, 'a name must not be empty').max(searchLimits.collectionMax, `a name must be at most ${searchLimits.collectionMax} characters`), {error: 'must be a list of collection names'})
		.min(1, `must name 1 to ${searchLimits.collectionsMax} collections`).max(searchLimits.collectionsMax, `must name 1 to ${searchLimits.collectionsMax} collections`).optional(),
	/** Every collection the caller may search. */
	all: z.boolean({error: 'must be true or false'}).optional(),
	/** Hits scoring below it (in the mode's own scale, after fusion) are left out. */
	min_score: z.number({error: minScoreRule}).optional(),
	/** Each hit says how it ranked: its keyword and vector ranks and scores and their shares of its score. */
	explain: z.boolean({error: 'must be true or false'}).optional(),
	/** Only documents whose name matches a path glob and whose front matter holds every meta field (common/search/filter.ts). */
	filter: searchFilter.optional(),
};

/** POST /api/v1/search's body. */
export const searchBody = z.object(searchFields)
	.refine(body => !(body.collection !== undefined && body.collections !== undefined), {message: 'give collection or collections, not both', path: ['collections']})
	.refine(body => !(body.all && (body.collection !== undefined || body.collections !== undefined)), {message: 'all: searches every collection; name none beside it', path: ['all']});
export type SearchBody = z.infer<typeof searchBody>;

/** A search with every default applied: what the engine runs. */
export type SearchRequest = {
	readonly query: string;
	readonly topK: number;
	readonly mode: SearchMode;
	readonly collection: string;
	/** Several collections searched as one ranking over their union; when absent, `collection` alone. */
	readonly collections?: readonly string[];
	/** At most one hit per document (its best chunk). */
	readonly collapse: boolean;
	/** Hybrid only: how the keyword and semantic lists merge. */
	readonly fusion: Fusion;
	/** Hits scoring below it are left out; when absent, none is. */
	readonly minScore?: number;
	/** Each hit carries how it ranked (SearchHit's explain). */
	readonly explain: boolean;
	/** Only these documents (absent: every one). */
	readonly filter?: SearchFilter;
};

/** A search as a caller gives it to the engine: what the user did not choose is left out. */
export type SearchInput = Pick<SearchRequest, 'query'> & Partial<Omit<SearchRequest, 'query'>>;

/** The API's body as the engine takes it. */
export function fromSearchBody(body: SearchBody): SearchInput {
	return {
		query: body.query, topK: body.top_k, mode: body.mode, collection: body.collection, collapse: body.collapse, fusion: body.fusion,
		minScore: body.min_score, explain: body.explain,
		...(body.collections ? {collections: [...new Set(body.collections)]} : {}),
		...(body.filter ? {filter: body.filter} : {}),
	};
}

/** The defaults, applied once: the engine calls this on what the caller gave. */
export function withSearchDefaults(input: SearchInput): SearchRequest {
	return {
		query: input.query,
		topK: input.topK ?? searchDefaults.topK,
		mode: input.mode ?? searchDefaults.mode,
		collection: input.collection ?? input.collections?.[0] ?? searchDefaults.collection,
		...(input.collections ? {collections: input.collections} : {}),
		collapse: input.collapse ?? searchDefaults.collapse,
		fusion: input.fusion ?? searchDefaults.fusion,
		...(input.minScore === undefined ? {} : {minScore: input.minScore}),
		explain: input.explain ?? false,
		...(isEmptyFilter(input.filter) ? {} : {filter: input.filter}),
	};
}
