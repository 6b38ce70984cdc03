// md-vector's tools for AI assistants (MCP): search, list_collections, list_sources, get_document_section, get_documents, ingest,
// delete_document, stats, each a thin adapter of a use case (use-cases/). Results name the collection, file,
// heading path and level, score and lines, and say when the file changed on disk since it was indexed, so an
// assistant knows when to re-read or re-ingest it. A call that names no collection uses the sensible one (all
// for search), and an unknown one lists those that exist.
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {version} from '../../common/version.js';
import {admitOperation} from '../use-cases/admit-operation.js';
import {forbidden} from '../use-cases/errors.js';
import {isOperation, operations} from '../use-cases/operations.js';
import {getDocumentsTool} from './get-documents-tool.js';
import {documentSectionTool, listCollectionsTool, listSourcesTool, statsTool} from './read-tools.js';
import {searchTool} from './search-tool.js';
import type {ToolContext, ToolDefinition} from './tool-context.js';
import {toolMeta} from './tool-meta.js';
import {guarded, type ToolExtra} from './tool-result.js';
import {deleteDocumentTool, ingestTool} from './write-tools.js';

export type {ToolContext} from './tool-context.js';

// Each tool's input type is checked where it is written (run is a method: a tool of any input fits here).
export const mcpTools: ReadonlyArray<ToolDefinition<unknown>> = [searchTool, listCollectionsTool, documentSectionTool, getDocumentsTool, listSourcesTool, statsTool, ingestTool, deleteDocumentTool];

/**
 * Whether a server for this caller offers the tool: those whose permission it holds on some collection (a
 * read-only client sees no ingest or delete tool), and no write tool when the server is read-only.
 */
const offered = (tool: ToolDefinition<unknown>, context: ToolContext) => !(context.readOnly && tool.writes) && context.actor.may(operations[tool.operation]);

/** The tools for one caller; its instructions name the collections it may use (read now, hence async). */
export async function createMcpServer(context: ToolContext): Promise<McpServer> {
	const entries = await context.useCases.usableSummaries(context.actor);
	const collections = entries.length === 0
		? 'No collections exist yet.'
		: `Collections: ${entries.map(entry => `${entry.name} (${entry.documents} ${entry.documents === 1 ? 'document' : 'documents'})`).join(', ')}.`;
	const instructions = `Search the user's Markdown notes and documentation indexed by md-vector. Use search first (it searches every collection unless you name one), then get_document_section to read around a hit. ${collections}`;
	const server = new McpServer({name: 'md-vector', version}, {instructions});
	const offeredTools = mcpTools.filter(tool => offered(tool, context));
	for (const tool of offeredTools) {
		registerTool(server, tool, context);
	}

	if (offeredTools.length === 0) {
		// The SDK answers tools/list once a tool has been registered: one registered and removed leaves the caller
		// an empty list (and "not found" for a call), rather than "method not found".
		server.registerTool('none', {}, () => ({content: []})).remove();
	}

	return server;
}

/**
 * Every tool registers alike: its operation's permission in _meta (tool-meta.ts), what the client reads, its
 * input schema, and its answer or error as the tool's result (tool-result.ts). Each call is checked by the
 * gatekeeper before the tool runs; a refusal is the call's tool error (isError, marked 403 in its _meta), which
 * an assistant reads and acts on, not a failed request.
 */
export function registerTool(server: McpServer, tool: ToolDefinition<unknown>, context: ToolContext): void {
	const annotations = tool.writes === false ? {readOnlyHint: true} : {readOnlyHint: false, destructiveHint: tool.writes === 'destroys'};
	const call = guarded(async (input: unknown, extra) => {
		admitCall(context, tool, input);
		return tool.run(context, input, extra);
	});
	server.registerTool(tool.name, {
		...(isOperation(tool.operation) ? {_meta: toolMeta(tool.operation)} : {}), title: tool.title, description: tool.description,
		...(tool.inputSchema ? {inputSchema: tool.inputSchema} : {}), annotations,
	}, (tool.inputSchema ? call : async (extra: ToolExtra) => call(undefined, extra)));
}

/** Refuses (403, naming the tool) a call the actor may not make, or of a tool that serves no known operation. */
function admitCall({actor}: ToolContext, tool: ToolDefinition<unknown>, input: unknown): void {
	if (!isOperation(tool.operation)) {
		throw forbidden(`tool ${tool.name} declares no permission, so it is refused`);
	}

	const named = (input as {collection?: unknown} | undefined)?.collection;
	admitOperation(actor, tool.operation, typeof named === 'string' ? named : undefined, ` for tool ${tool.name}`);
}
