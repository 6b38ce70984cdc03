// Its options are in ../cli/table-admin.ts (the command table: help, parsing and completions read them there).
import {readDiscovery} from '../../common/discovery.js';
import {resolvePaths} from '../../common/paths.js';
import {daemonOrigin, defaultPort} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import {flag, stringOption, type Invocation} from '../cli/spec.js';

/** MD_VECTOR_<LABEL>_KEY for a client, MD_VECTOR_API_KEY otherwise: the variable the user keeps the key in. */
export const keyVariable = (client?: string) => (client ? `MD_VECTOR_${client.toUpperCase().replaceAll(/[^A-Z\d]+/g, '_')}_KEY` : 'MD_VECTOR_API_KEY');

/** Prints an MCP server entry; secrets appear only as ${VARIABLE} references, never as values. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const options = {type: stringOption(invocation, 'type'), client: invocation.options.client as string | undefined, readOnly: flag(invocation, 'read-only'), name: stringOption(invocation, 'name')};
	const variable = `\${${keyVariable(options.client)}}`;
	if (options.type === 'stdio') {
		const entry = {command: 'md-vector', args: ['mcp', ...(options.readOnly ? ['--read-only'] : [])], ...(options.client ? {env: {MD_VECTOR_CLIENT_KEY: variable}} : {})};
		io.out(`${JSON.stringify({mcpServers: {[options.name]: entry}}, null, 2)}\n`);
		return undefined;
	}

	const record = readDiscovery(resolvePaths().state);
	const base = process.env.MD_VECTOR_URL?.replace(/\/+$/, '') ?? daemonOrigin(record ?? {host: '127.0.0.1', port: Number(process.env.MD_VECTOR_PORT ?? defaultPort)});
	const headers = {Authorization: `Bearer ${variable}`, ...(options.readOnly ? {'X-MD-Vector-Read-Only': '1'} : {})};
	io.out(`${JSON.stringify({mcpServers: {[options.name]: {type: 'http', url: `${base}/mcp`, headers}}}, null, 2)}\n`);
	return undefined;
}
