// The `search` tool: one collection when named, else every collection the client may search (one ranking over
// their union), and the answer says which were searched. Hits name their collection, file and the path the
// daemon read it from, and whether that file changed on disk since it was indexed (the search use case's hits,
// under the tool's field names).
import {searchDefaults, searchFields, searchLimits, type SearchBody} from '../../common/search-contract.js';
import {toSearchQuery} from '../from-wire/search.js';
import {toToolSearch} from '../to-wire/search.js';
import type {ToolDefinition} from './tool-context.js';

export const searchTool: ToolDefinition<SearchBody> = {
	name: 'search',
	operation: 'search',
	writes: false,
	title: 'Search indexed Markdown',
	description: 'Finds the chunks of indexed Markdown most relevant to a query, in one collection or (when none is named) in every collection. The query takes "an exact phrase" (every result holds it), -word and -"a phrase" (no result holds it). hybrid (default) combines meaning and keywords; keyword is exact terms (BM25); semantic is meaning only. Each result has collection, file, source_path, heading_path, heading_level, score, lines and content, and changed_on_disk (true when the file differs from what was indexed or is gone; null when it was not read from disk).',
	inputSchema: {
		query: searchFields.query.describe('What to look for, in words or exact terms'),
		top_k: searchFields.top_k.describe(`Number of results, ${searchLimits.topKMin} to ${searchLimits.topKMax} (default ${searchDefaults.topK})`),
		mode: searchFields.mode.describe(`Ranking (default ${searchDefaults.mode})`),
		collection: searchFields.collection.describe('Collection to search; leave out to search all collections'),
		collapse: searchFields.collapse.describe('true: at most one result per document (its best chunk)'),
		fusion: searchFields.fusion.describe(`hybrid only: convex (by normalised score) or rrf (by rank); default ${searchDefaults.fusion}`),
		min_score: searchFields.min_score.describe('Leave out results scoring below this (the mode\'s own scale: BM25, cosine, or fused)'),
		explain: searchFields.explain.describe('true: each result says how it ranked (keyword and vector rank, score and share of its score)'),
		filter: searchFields.filter.describe('Only some documents: {"paths": ["api/**"]} (globs over the stored name, any may match; * within a folder, ** across) and/or {"meta": {"status": "draft"}} (front matter fields, all must hold; a list field holds when any element is the value)'),
	},
	// Its arguments are the API's body under the same names (no `collections` or `all`): no collection is every one.
	run: async ({useCases, actor}, body) => toToolSearch(await useCases.search(actor, toSearchQuery(body, 'all'))),
};
