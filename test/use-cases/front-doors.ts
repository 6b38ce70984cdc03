// Both front doors of one real app, as a caller sees them: a REST call and an MCP tool call (the SDK's client
// over Streamable HTTP), each answer reduced to what it says: a value, a refusal (403) or another error, with its
// message. An MCP refusal is the call's tool error marked 403 in its _meta (before the tool runs it names the
// tool); REST's is a 403 response.
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {AppServer} from '../helpers/app.js';

export type Said = {readonly kind: 'ok'; readonly value: unknown} | {readonly kind: 'refused' | 'error'; readonly message: string};

export async function rest(app: AppServer, headers: Record<string, string>, method: string, route: string, body?: unknown): Promise<Said> {
	const answer = await app.request(method, route, {headers, body});
	if (answer.status < 300) {
		return {kind: 'ok', value: answer.body};
	}

	return {kind: answer.status === 403 ? 'refused' : 'error', message: String(answer.body?.error?.message ?? answer.text)};
}

export async function mcpClient(app: AppServer, headers: Record<string, string>): Promise<Client> {
	const client = new Client({name: 'front-doors', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${app.port}/mcp`), {requestInit: {headers}}));
	return client;
}

/** The {"error": ...} body the SDK quotes in the message of a failed POST. */
function httpRefusal(error: Error & {code?: number}): Said | undefined {
	const json = /{"error":.*}/.exec(error.message)?.[0];
	if (error.code !== 403 || !json) {
		return undefined;
	}

	return {kind: 'refused', message: (JSON.parse(json) as {error: {message: string}}).error.message};
}

export async function tool(client: Client, name: string, arguments_: Record<string, unknown>): Promise<Said> {
	try {
		const result = await client.callTool({name, arguments: arguments_}) as {isError?: boolean; structuredContent?: unknown; content: Array<{text?: string}>; _meta?: Record<string, unknown>};
		const kind = result._meta?.['md-vector/status'] === 403 ? 'refused' : 'error';
		return result.isError ? {kind, message: result.content[0]?.text ?? ''} : {kind: 'ok', value: result.structuredContent};
	} catch (error) {
		const refused = httpRefusal(error as Error & {code?: number});
		if (refused) {
			return refused;
		}

		return {kind: 'error', message: (error as Error).message};
	}
}

/** An MCP refusal names the tool after REST's message (" for tool search"): the same refusal once that is taken off. */
export const withoutTool = (said: Said, name: string): Said => (said.kind === 'ok' ? said : {kind: said.kind, message: said.message.replace(` for tool ${name}`, '')});
