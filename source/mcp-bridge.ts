// `md-vector mcp`: an MCP server on stdin/stdout for assistants that start their tools as processes. A thin
// bridge: every message goes to the daemon's /mcp (started if needed) and every answer comes back; stdout
// carries the protocol only, so notices go to stderr.
import {parseArgs} from 'node:util';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import type {JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';
import {readOnlyHeader} from '../common/read-only-header.js';
import {connect} from './client/connect.js';
import {reportFailure} from './ui/report-failure.js';

const usage = `Usage: md-vector mcp [--read-only]

Serves md-vector's tools (search, list_collections, get_document_section, ingest, delete_document, stats) to an
AI assistant over stdio (MCP), through the daemon, which it starts if needed.

Options:
  --read-only  offer no write tools (ingest, delete_document)
  -h, --help   show this help

Environment: MD_VECTOR_CLIENT_KEY, a client's key (clients.json): the assistant then gets that client's
permissions instead of yours.

Example (an assistant's server entry; print one that runs as is with: md-vector mcp-config --type stdio):
  {"command": "/usr/local/bin/md-vector", "args": ["mcp", "--read-only"], "env": {"MD_VECTOR_HOME": "/home/me/.md-vector"}}
`;

export async function runMcpBridge(arguments_: readonly string[]): Promise<void> {
	let readOnly = false;
	try {
		const {values} = parseArgs({args: [...arguments_], options: {'read-only': {type: 'boolean'}, help: {type: 'boolean', short: 'h'}}});
		if (values.help) {
			process.stdout.write(usage);
			return;
		}

		readOnly = values['read-only'] ?? false;
	} catch (error) {
		process.stderr.write(`md-vector: ${(error as Error).message}\n${usage}`);
		process.exitCode = 2;
		return;
	}

	try {
		const client = await connect({onNotice: line => process.stderr.write(`${line}\n`)});
		const url = new URL(`${client.baseUrl.replace(/\/api\/v1$/, '')}/mcp`);
		// With a client key (MD_VECTOR_CLIENT_KEY, as `mcp-config --client` writes it) the key alone decides what the
		// assistant may do: neither the owner's local token nor MD_VECTOR_API_KEY is sent along.
		const clientKey = process.env.MD_VECTOR_CLIENT_KEY;
		const identity = () => ({...(clientKey ? {'x-api-key': clientKey} : client.headers), ...(readOnly ? {[readOnlyHeader]: '1'} : {})});
		// Headers are read per request, so a token renewed by the headers helper after a 401 is used from then on.
		const fetchWithRenewal = async (input: string | URL, init?: RequestInit) => {
			const attempt = async () => fetch(input, {...init, headers: {...Object.fromEntries(new Headers(init?.headers)), ...identity()}});
			const response = await attempt();
			return response.status === 401 && await client.renew() ? attempt() : response;
		};

		const daemon = new StreamableHTTPClientTransport(url, {fetch: fetchWithRenewal});
		const stdio = new StdioServerTransport();
		stdio.onmessage = (message: JSONRPCMessage) => {
			daemon.send(message).catch((error: unknown) => {
				if ('id' in message && 'method' in message) { // a request: answer it with the failure instead of leaving it hanging
					void stdio.send({jsonrpc: '2.0', id: message.id, error: {code: -32_000, message: `md-vector daemon: ${(error as Error).message}`}});
				}
			});
		};

		daemon.onmessage = message => void stdio.send(message);
		daemon.onerror = error => process.stderr.write(`md-vector mcp: ${error.message}\n`);
		stdio.onclose = () => void daemon.close();
		await daemon.start();
		await stdio.start();
	} catch (error) {
		reportFailure(error);
	}
}
