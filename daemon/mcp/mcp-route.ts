// Streamable HTTP at /mcp, stateless: every POST gets its own server and transport, answered as JSON. Behind the
// same Host guard, authentication and rate limit as the REST API. A caller is offered the tools its permissions
// allow; a call it may not make (a collection it may not use) is the call's tool error, before the tool runs
// (tools.ts asks the gatekeeper, use-cases/admit-operation.ts).
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {Router, type Request, type Response} from 'express';
import {actorIn} from '../http/actor-of.js';
import {HttpError} from '../http/http-error.js';
import {anyCaller} from '../http/route-access.js';
import {readOnlyHeader} from '../../common/read-only-header.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {createMcpServer, type ToolContext} from './tools.js';

/** MCP without the write tools (ingest, delete_document), for every caller. */
export type McpOptions = {readonly readOnly: boolean};

/** The tools' context for this caller (its actor: what it may use and read), read-only by setting or header. */
export function toolContext(useCases: UseCases, options: McpOptions, request: Request, response: Response): ToolContext {
	return {useCases, actor: actorIn(response), readOnly: options.readOnly || request.headers[readOnlyHeader] === '1'};
}

export function mcpRoutes(useCases: UseCases, options: McpOptions): Router {
	const router = Router();
	router.post('/', anyCaller, async (request, response) => {
		const server = await createMcpServer(toolContext(useCases, options, request, response));
		const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
		response.on('close', () => {
			void transport.close();
			void server.close();
		});
		await server.connect(transport);
		await transport.handleRequest(request, response, request.body);
	});
	router.all('/', anyCaller, (_request, response) => {
		response.setHeader('Allow', 'POST');
		throw new HttpError(405, 'method_not_allowed', 'this server is stateless: send MCP messages with POST (no GET stream, no sessions; the legacy SSE transport is at /sse)');
	});
	return router;
}
