import type {Random} from '../random.js';
import {malformedBodies, mutate, oddValues} from './values.js';
import type {FuzzCase, FuzzContext} from './types.js';

const accept = 'application/json, text/event-stream';

/** A valid call of each MCP tool, on the fuzzed daemon's collections. */
export function validToolCalls(context: FuzzContext, label: string): Record<string, Record<string, unknown>> {
	return {
		search: {query: 'compost', collection: context.collection, top_k: 5, mode: 'keyword'},
		list_collections: {},
		get_document_section: {file: context.documents[0], collection: context.collection, heading_path: []},
		stats: {collection: context.collection},
		ingest: {content: `# MCP ${label}\n\nCompost.\n`, file_name: `mcp-${label}.md`, collection: 'fuzz-mcp'},
		delete_document: {file: `mcp-${label}.md`, collection: 'fuzz-mcp'},
	};
}

/** A JSON-RPC message to /mcp: tool calls (valid and mutated), protocol errors, batches, odd ids and headers. */
export function mcpMessage(random: Random, context: FuzzContext, label: string, id: number): {message: unknown; text?: string} {
	const calls = validToolCalls(context, label);
	const tool = random.pick(Object.keys(calls));
	const call = (arguments_: unknown, name: unknown = tool) => ({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: arguments_}});
	switch (random.int(0, 11)) {
		case 0:
		case 1:
		case 2: {
			return {message: call(calls[tool])};
		}

		case 3:
		case 4:
		case 5: {
			return {message: call(mutate(random, calls[tool]!))};
		}

		case 6: {
			return {message: call(random.pick(oddValues), random.pick([tool, 'Search', 'no_such_tool', '', null, 42]))};
		}

		case 7: {
			return {message: random.pick([{jsonrpc: '2.0', id, method: 'tools/list'}, {jsonrpc: '2.0', id, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'fuzz', version: '1'}}}, {jsonrpc: '2.0', id, method: 'ping'}])};
		}

		case 8: {
			return {message: random.pick([{jsonrpc: '1.0', id, method: 'tools/list'}, {id, method: 'tools/list'}, {jsonrpc: '2.0', method: 'tools/list'}, {jsonrpc: '2.0', id: {a: 1}, method: 'tools/list'}, {jsonrpc: '2.0', id, method: 'nope/nope'}, {jsonrpc: '2.0', id, method: 'tools/call'}, {jsonrpc: '2.0', id, method: 'tools/call', params: 'x'}, {jsonrpc: '2.0', id: 'x'.repeat(10_000), method: 'ping'}])};
		}

		case 9: {
			return {message: random.pick([[], [call(calls[tool]), {jsonrpc: '2.0', id: id + 0.5, method: 'tools/list'}], [1, 2, 3], Array.from({length: 50}, (_, index) => ({jsonrpc: '2.0', id: index, method: 'ping'}))])};
		}

		case 10: {
			return {message: {jsonrpc: '2.0', method: random.pick(['notifications/initialized', 'notifications/cancelled', 'notifications/nope'])}};
		}

		default: {
			const text = random.pick(malformedBodies);
			return {message: undefined, text: text.toString()};
		}
	}
}

/** POST /mcp: the answer may be a JSON-RPC error; headers are sometimes wrong (Accept, Content-Type). */
export function mcpCase(random: Random, context: FuzzContext, label: string, id: number): FuzzCase {
	const {message, text} = mcpMessage(random, context, label, id);
	const headers: Record<string, string> = {'content-type': 'application/json', accept};
	if (random.chance(0.1)) {
		headers.accept = random.pick(['application/json', 'text/event-stream', '*/*', '']);
	}

	if (random.chance(0.05)) {
		headers['content-type'] = random.pick(['text/plain', 'application/x-ndjson', '']);
	}

	if (random.chance(0.05)) {
		headers['mcp-protocol-version'] = random.pick(['1999-01-01', 'nope', '2025-06-18']);
	}

	const body = text ?? JSON.stringify(message);
	return {finding: 'general', label: `${label} mcp ${body.slice(0, 160)}`, mcp: true, request: {method: 'POST', path: '/mcp', headers, body}};
}
