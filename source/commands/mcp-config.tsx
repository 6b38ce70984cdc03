// Its options are in ../cli/table-admin.ts (the command table: help, parsing and completions read them there).
// What goes into the entry is decided in ../mcp-config/ (an absolute command, the configured port, the URL
// alone while OAuth is on, warnings); this module reads the machine's facts and prints.
import {readDiscovery} from '../../common/discovery.js';
import {resolvePaths} from '../../common/paths.js';
import {configuredPort} from '../client/configured-port.js';
import type {Io} from '../cli/io.js';
import {flag, stringOption, type Invocation} from '../cli/spec.js';
import {launcher} from '../mcp-config/launcher.js';
import {knownClients} from '../mcp-config/known-clients.js';
import {serverEntry, type EntryOptions} from '../mcp-config/server-entry.js';

/** Prints an MCP server entry, ready to paste; secrets appear only as ${VARIABLE} references, warnings on stderr. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const options = {
		type: stringOption(invocation, 'type') as EntryOptions['type'], client: invocation.options.client as string | undefined, readOnly: flag(invocation, 'read-only'),
	};
	const paths = resolvePaths();
	const {entry, warnings} = serverEntry(options, {
		env: process.env, launcher: launcher(), clients: knownClients(paths.config), runningPort: readDiscovery(paths.state)?.port,
		configuredPort: options.type === 'stdio' ? undefined : await configuredPort(process.env),
	});
	for (const warning of warnings) {
		io.note(`md-vector mcp-config: ${warning}`);
	}

	const document = {mcpServers: {[stringOption(invocation, 'name')]: entry}};
	if (invocation.json) {
		return {...document, warnings};
	}

	io.out(`${JSON.stringify(document, null, 2)}\n`);
	return undefined;
}
