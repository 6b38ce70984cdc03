// The legacy HTTP+SSE transport (MCP 2024-11-05) for hosts that still use it: GET /sse opens a stream whose first
// event names the message endpoint (/messages?sessionId=...), and the client POSTs its messages there. Behind
// the same Host/Origin guard, rate limit and authentication as /mcp; every POST is checked against the caller's
// capabilities, and must come from the caller that opened the stream (a session id alone is not a credential).
import {SSEServerTransport} from '@modelcontextprotocol/sdk/server/sse.js';
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {JSONRPCMessageSchema} from '@modelcontextprotocol/sdk/types.js';
import {Router, type Response} from 'express';
import {HttpError} from '../http/http-error.js';
import {anyCaller} from '../http/route-access.js';
import type {StreamSlots} from '../http/stream-slots.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {toolContext, type McpOptions} from './mcp-route.js';
import {createMcpServer} from './tools.js';

// eslint-disable-next-line @typescript-eslint/no-deprecated -- the legacy transport is what this file serves
type Session = {readonly transport: SSEServerTransport; readonly server: McpServer; readonly holder: string};

/** The open SSE sessions; closed when the daemon stops (an open stream would hold the server open). */
export class SseSessions {
	readonly sessions = new Map<string, Session>();

	async closeAll(): Promise<void> {
		await Promise.all([...this.sessions.values()].map(async session => session.transport.close()));
	}
}

/** Who a session belongs to: a client by its credential, else the owner (by any of the owner's credentials). */
function callerOf(response: Response): string {
	const {authentication} = response.locals;
	return authentication?.kind === 'client' ? `client:${authentication.via}:${authentication.label}` : 'owner';
}

/** GET /sse: a session's stream, which takes a stream slot while it is open (429 beyond: stream-slots.ts). */
export function sseStreamRoutes(useCases: UseCases, options: McpOptions, sessions: SseSessions, slots: StreamSlots): Router {
	const router = Router();
	router.get('/', anyCaller, async (request, response) => {
		slots.take(response, 'GET /sse; or use Streamable HTTP at /mcp, which holds no stream');
		// eslint-disable-next-line @typescript-eslint/no-deprecated -- see the import
		const transport = new SSEServerTransport('/messages', response);
		const server = await createMcpServer(toolContext(useCases, options, request, response));
		sessions.sessions.set(transport.sessionId, {transport, server, holder: callerOf(response)});
		transport.onclose = () => { // the server hears of it too (connect chains its own handler): no server.close() here, which would close the transport again
			sessions.sessions.delete(transport.sessionId);
		};

		await server.connect(transport);
	});
	return router;
}

export function sseMessageRoutes(sessions: SseSessions): Router {
	const router = Router();
	router.post('/', anyCaller, async (request, response) => {
		const id = typeof request.query.sessionId === 'string' ? request.query.sessionId : '';
		const session = sessions.sessions.get(id);
		if (!session) {
			throw new HttpError(404, 'unknown_session', `no open SSE session '${id}': open one with GET /sse first`);
		}

		if (session.holder !== callerOf(response)) {
			throw new HttpError(403, 'forbidden', 'this SSE session was opened by another caller');
		}

		for (const message of Array.isArray(request.body) ? request.body as unknown[] : [request.body]) {
			if (!JSONRPCMessageSchema.safeParse(message).success) {
				throw new HttpError(400, 'invalid_message', 'the body must be a JSON-RPC 2.0 message');
			}
		}

		await session.transport.handlePostMessage(request, response, request.body);
	});
	return router;
}
