// Streamable HTTP at /mcp, stateless: every POST gets its own server and transport, answered as JSON. Behind the
// same rate limit and authentication as the REST API; a tool call that the client's capabilities do not allow
// (or that names another collection) is refused with 403 before it reaches the tool.
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {Router, type Request, type Response} from 'express';
import type {Engine} from '../engine/engine.js';
import {defaultCollection} from '../../common/search-contract.js';
import type {ReadPolicy} from '../../common/capabilities/fs-scopes.js';
import {allowsCollection, type Grant} from '../../common/capabilities/effective.js';
import {HttpError} from '../http/http-error.js';
import {visibleCollection} from '../http/authorize.js';
import {readOnlyHeader} from '../../common/read-only-header.js';
import {createMcpServer, type ToolContext} from './tools.js';

const toolPermissions: Record<string, string> = {
	search: 'search:default', get_document_section: 'search:default', list_collections: 'collections:read', stats: 'collections:read',
	ingest: 'ingest:default', delete_document: 'documents:delete',
};

const writeTools = new Set(['ingest', 'delete_document']);

type Message = {method?: string; params?: {name?: string; arguments?: {collection?: unknown}}};

/** 403 for a tool call the client may not make (owner requests carry no grants and pass). */
export function checkToolCalls(request: Request, response: Response): void {
	const grants = response.locals.grants as Grant[] | undefined;
	if (!grants) {
		return;
	}

	const messages = (Array.isArray(request.body) ? request.body : [request.body]) as Message[];
	for (const message of messages) {
		if (message?.method !== 'tools/call' || typeof message.params?.name !== 'string') {
			continue;
		}

		const permission = toolPermissions[message.params.name];
		// A read tool that names no collection needs the permission on some collection (it then uses only those
		// the client may use); the write tools write to the default collection.
		const named = typeof message.params.arguments?.collection === 'string' ? message.params.arguments.collection : undefined;
		const collection = named ?? (writeTools.has(message.params.name) ? defaultCollection : undefined);
		if (permission && !allowsCollection(grants, permission, collection)) {
			throw new HttpError(403, 'forbidden', `client '${response.locals.client as string}' lacks '${permission}'${collection === undefined ? '' : ` on collection '${collection}'`} for tool ${message.params.name}`);
		}
	}
}

export type McpOptions = {readonly readOnly: boolean; readonly readable: (response: Response) => readonly string[] | ReadPolicy};

/** The tools' context for this caller: read-only by setting or header, and only the collections it may use. */
export function toolContext(engine: Engine, options: McpOptions, request: Request, response: Response): ToolContext {
	const grants = response.locals.grants as Grant[] | undefined;
	return {
		engine, readOnly: options.readOnly || request.headers[readOnlyHeader] === '1', readable: options.readable(response),
		visible: visibleCollection(response), searchable: name => !grants || allowsCollection(grants, 'search:default', name),
	};
}

export function mcpRoutes(engine: Engine, options: McpOptions): Router {
	const router = Router();
	router.post('/', async (request, response) => {
		checkToolCalls(request, response);
		const server = createMcpServer(toolContext(engine, options, request, response));
		const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
		response.on('close', () => {
			void transport.close();
			void server.close();
		});
		await server.connect(transport);
		await transport.handleRequest(request, response, request.body);
	});
	router.all('/', (_request, response) => {
		response.setHeader('Allow', 'POST');
		throw new HttpError(405, 'method_not_allowed', 'this server is stateless: send MCP messages with POST (no GET stream, no sessions)');
	});
	return router;
}
