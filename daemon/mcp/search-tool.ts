// The `search` tool: one collection when named, else every collection the client may search (merged, see
// search-all.ts), and the answer says which were searched. Hits name their collection, file and the path the
// daemon read it from, and whether that file changed on disk since it was indexed.
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {Engine} from '../engine/engine.js';
import {searchDefaults, searchFields, searchLimits, type SearchBody} from '../../common/search-contract.js';
import {collectionsToSearch, type Allowed} from './collection-choice.js';
import {searchCollections, type CollectionHit} from './search-all.js';
import type {ToolResultOf} from './tool-result.js';
import {toolNeeds} from './tool-needs.js';

export function registerSearch(server: McpServer, engine: Engine, searchable: Allowed, guarded: ToolResultOf): void {
	server.registerTool('search', {
		_meta: toolNeeds('search:default', 'named-or-any'), // the permission it needs (checked before a call runs)
		title: 'Search indexed Markdown',
		description: 'Finds the chunks of indexed Markdown most relevant to a query, in one collection or (when none is named) in every collection. hybrid (default) combines meaning and keywords; keyword is exact terms (BM25); semantic is meaning only. Each result has collection, file, source_path, heading_path, heading_level, score, lines and content, and changed_on_disk (true when the file differs from what was indexed or is gone; null when it was not read from disk).',
		inputSchema: {
			query: searchFields.query.describe('What to look for, in words or exact terms'),
			top_k: searchFields.top_k.describe(`Number of results, ${searchLimits.topKMin} to ${searchLimits.topKMax} (default ${searchDefaults.topK})`),
			mode: searchFields.mode.describe(`Ranking (default ${searchDefaults.mode})`),
			collection: searchFields.collection.describe('Collection to search; leave out to search all collections'),
			collapse: searchFields.collapse.describe('true: at most one result per document (its best chunk)'),
			fusion: searchFields.fusion.describe(`hybrid only: convex (by normalised score) or rrf (by rank); default ${searchDefaults.fusion}`),
		},
		annotations: {readOnlyHint: true},
	}, guarded(async (body: SearchBody) => {
		const searched = await searchCollections(engine, await collectionsToSearch(engine, searchable, body.collection), body);
		return {
			collections: searched.collections, mode: searched.mode, ...(searched.notices.length > 0 ? {notice: searched.notices.join('; ')} : {}),
			results: searched.results.map(hit => ({
				collection: hit.collection, file: hit.fileName, source_path: hit.sourcePath, heading_path: hit.headingPath, heading_level: hit.headingLevel,
				section_title: hit.sectionTitle, score: hit.score, start_line: hit.startLine, end_line: hit.endLine, content: hit.content,
				changed_on_disk: hit.changedOnDisk ?? null, // decided by the engine, once per query
			})),
		};
	}));
}
