import {z} from 'zod';
import {option} from 'pastel';
import {readDiscovery} from '../../common/discovery.js';
import {resolvePaths} from '../../common/paths.js';
import {defaultPort} from '../client/connect.js';
import {useRun} from '../ui/use-run.js';
import {launcher} from '../mcp-config/launcher.js';
import {knownClients} from '../mcp-config/known-clients.js';
import {serverEntry} from '../mcp-config/server-entry.js';

export const description = `Print a server entry for an AI assistant's MCP configuration, ready to paste. Secrets appear only as \${VARIABLE} references, never as values; warnings go to stderr. The stdio server itself is \`md-vector mcp\` (see \`md-vector mcp --help\`).

Examples:
  md-vector mcp-config                          # stdio: the assistant starts md-vector mcp
  md-vector mcp-config --type http              # the URL alone: the assistant signs in with OAuth
  md-vector mcp-config --type http --client assistant --read-only`;

export const options = z.object({
	type: z.enum(['stdio', 'http', 'sse']).default('stdio').describe(option({description: 'stdio: the assistant starts `md-vector mcp`; http: it connects to the daemon\'s /mcp; sse: the legacy transport at /sse'})),
	client: z.string().optional().describe(option({description: 'The client label (clients.json) whose key the assistant sends', valueDescription: 'label'})),
	readOnly: z.boolean().default(false).describe(option({description: 'Offer no write tools (stdio: --read-only; http: a header)'})),
	name: z.string().default('md-vector').describe(option({description: 'The server\'s name in the configuration', valueDescription: 'name'})),
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

export default function McpConfig({options}: Props) {
	useRun(async io => {
		const paths = resolvePaths();
		const {entry, warnings} = serverEntry(options, {
			env: process.env, launcher: launcher(), clients: knownClients(paths.config), runningPort: readDiscovery(paths.state)?.port, defaultPort,
		});
		for (const warning of warnings) {
			io.note(`md-vector mcp-config: ${warning}`);
		}

		io.out(`${JSON.stringify({mcpServers: {[options.name]: entry}}, null, 2)}\n`);
	});
	return null;
}
