// md-vector's tools for AI assistants (MCP): search, list_collections, list_sources, get_document_section, get_documents, ingest,
// delete_document, stats, each a thin adapter of a use case (use-cases/). Results name the collection, file,
// heading path and level, score and lines, and say when the file changed on disk since it was indexed, so an
// assistant knows when to re-read or re-ingest it. A call that names no collection uses the sensible one (all
// for search), and an unknown one lists those that exist.
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {version} from '../../common/version.js';
import {getDocumentsTool} from './get-documents-tool.js';
import {documentSectionTool, listCollectionsTool, listSourcesTool, statsTool} from './read-tools.js';
import {searchTool} from './search-tool.js';
import type {ToolContext, ToolDefinition} from './tool-context.js';
import {declaring} from './tool-needs.js';
import {deleteDocumentTool, ingestTool} from './write-tools.js';

export type {ToolContext} from './tool-context.js';

const tools: readonly ToolDefinition[] = [searchTool, listCollectionsTool, documentSectionTool, getDocumentsTool, listSourcesTool, statsTool, ingestTool, deleteDocumentTool];

/** Whether a server for this caller offers the tool: every one, but no write tool when read-only. */
const offered = (tool: ToolDefinition, context: ToolContext) => !(context.readOnly && tool.writes);

/** The tools for one caller; its instructions name the collections it may use (read now, hence async). */
export async function createMcpServer(context: ToolContext): Promise<McpServer> {
	const entries = await context.useCases.usableSummaries(context.actor);
	const collections = entries.length === 0
		? 'No collections exist yet.'
		: `Collections: ${entries.map(entry => `${entry.name} (${entry.documents} ${entry.documents === 1 ? 'document' : 'documents'})`).join(', ')}.`;
	const instructions = `Search the user's Markdown notes and documentation indexed by md-vector. Use search first (it searches every collection unless you name one), then get_document_section to read around a hit. ${collections}`;
	const server = declaring(new McpServer({name: 'md-vector', version}, {instructions}));
	for (const tool of tools.filter(tool => offered(tool, context))) {
		tool.register(server, context);
	}

	return server;
}
