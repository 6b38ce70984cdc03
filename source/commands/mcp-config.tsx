import {z} from 'zod';
import {option} from 'pastel';
import {readDiscovery} from '../../common/discovery.js';
import {resolvePaths} from '../../common/paths.js';
import {daemonOrigin, defaultPort} from '../client/connect.js';
import {useRun} from '../ui/use-run.js';

export const description = `Print a server entry for an AI assistant's MCP configuration. Secrets appear only as \${VARIABLE} references, never as values. The stdio server itself is \`md-vector mcp\` (see \`md-vector mcp --help\`).

Examples:
  md-vector mcp-config --type stdio --read-only
  md-vector mcp-config --type http --client assistant`;

export const options = z.object({
	type: z.enum(['http', 'stdio']).default('stdio').describe(option({description: 'stdio: the assistant starts `md-vector mcp`; http: it connects to the daemon\'s /mcp'})),
	client: z.string().optional().describe(option({description: 'The client label (clients.json) whose key the assistant sends', valueDescription: 'label'})),
	readOnly: z.boolean().default(false).describe(option({description: 'Offer no write tools (stdio: --read-only; http: a header)'})),
	name: z.string().default('md-vector').describe(option({description: 'The server\'s name in the configuration', valueDescription: 'name'})),
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

/** MD_VECTOR_<LABEL>_KEY for a client, MD_VECTOR_API_KEY otherwise: the variable the user keeps the key in. */
export const keyVariable = (client?: string) => (client ? `MD_VECTOR_${client.toUpperCase().replaceAll(/[^A-Z\d]+/g, '_')}_KEY` : 'MD_VECTOR_API_KEY');

export default function McpConfig({options}: Props) {
	useRun(async io => {
		const variable = `\${${keyVariable(options.client)}}`;
		if (options.type === 'stdio') {
			const entry = {command: 'md-vector', args: ['mcp', ...(options.readOnly ? ['--read-only'] : [])], ...(options.client ? {env: {MD_VECTOR_CLIENT_KEY: variable}} : {})};
			io.out(`${JSON.stringify({mcpServers: {[options.name]: entry}}, null, 2)}\n`);
			return;
		}

		const record = readDiscovery(resolvePaths().state);
		const base = process.env.MD_VECTOR_URL?.replace(/\/+$/, '') ?? daemonOrigin(record ?? {host: '127.0.0.1', port: Number(process.env.MD_VECTOR_PORT ?? defaultPort)});
		const headers = {Authorization: `Bearer ${variable}`, ...(options.readOnly ? {'X-MD-Vector-Read-Only': '1'} : {})};
		io.out(`${JSON.stringify({mcpServers: {[options.name]: {type: 'http', url: `${base}/mcp`, headers}}}, null, 2)}\n`);
	});
	return null;
}

