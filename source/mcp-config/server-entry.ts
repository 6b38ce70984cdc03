// The server entry `md-vector mcp-config` prints, built from the facts of this machine: one that works when
// pasted. stdio: an absolute command, and the settings of the daemon it should reach (home, model, allowed roots...)
// as values (none is secret), secrets only as ${VAR} references. http/sse: the daemon's configured port (the
// environment's, else the config file's), and the URL alone when OAuth is on (the assistant's host runs the
// sign-in), else the header of a key that exists.
import path from 'node:path';
import {defaultPort} from '../client/configured-port.js';
import {conventionalKeyVariable, type KnownClients} from './known-clients.js';

export type EntryOptions = {
	readonly type: 'stdio' | 'http' | 'sse';
	readonly client?: string;
	readonly readOnly: boolean;
};

export type Facts = {
	readonly env: NodeJS.ProcessEnv;
	readonly launcher: {readonly command: string; readonly args: readonly string[]};
	readonly clients: KnownClients;
	/** The port of the daemon running now (from its discovery record), if one is. */
	readonly runningPort?: number;
	/** The port setting (MD_VECTOR_PORT, else `md-vector config set port`, else 7821); needed for http and sse. */
	readonly configuredPort?: number;
};

/** Settings a stdio bridge passes on to a daemon it starts (paths made absolute); none of them is a secret. */
const settings = [
	'MD_VECTOR_HOME', 'MD_VECTOR_MODEL_DIR', 'MD_VECTOR_MODEL', 'MD_VECTOR_MODEL_DTYPE', 'MD_VECTOR_POOLING', 'MD_VECTOR_QUERY_PREFIX', 'MD_VECTOR_DOCUMENT_PREFIX', 'MD_VECTOR_OFFLINE', 'MD_VECTOR_ALLOWED_ROOTS',
	'MD_VECTOR_ALLOWED_HOSTS', 'MD_VECTOR_PORT', 'MD_VECTOR_URL', 'MD_VECTOR_HEADERS_HELPER', 'MD_VECTOR_HNSW_THRESHOLD', 'MD_VECTOR_EMBED_SESSIONS',
	'MD_VECTOR_MODEL_RELEASE_S', 'MD_VECTOR_RATE_LIMIT', 'MD_VECTOR_MCP_RATE_LIMIT', 'MD_VECTOR_MCP_OAUTH', 'MD_VECTOR_OAUTH_ACCESS_TTL_S',
];
const paths = new Set(['MD_VECTOR_HOME', 'MD_VECTOR_MODEL_DIR', 'MD_VECTOR_HEADERS_HELPER']);
/** Secrets: passed by reference only. */
const secrets = ['MD_VECTOR_API_KEY', 'MD_VECTOR_HEADERS'];

export type Built = {readonly entry: Record<string, unknown>; readonly warnings: string[]};

function clientKeyReference(client: string, facts: Facts, warnings: string[]): string {
	if (!facts.clients.exists) {
		warnings.push(`there is no ${facts.clients.file}, so no client '${client}': the daemon will answer 401 until you add it (see "Permissions" in docs/mcp-and-permissions.md)`);
	} else if (!facts.clients.keyVariables.has(client)) {
		warnings.push(`${facts.clients.file} has no client '${client}' (it has: ${[...facts.clients.keyVariables.keys()].join(', ') || 'none'}): the daemon will answer 401 until you add it`);
	}

	const variable = facts.clients.keyVariables.get(client) ?? conventionalKeyVariable(client);
	if (!facts.env[variable]) {
		warnings.push(`set ${variable} to the key of client '${client}' in the assistant's environment`);
	}

	return `\${${variable}}`;
}

function stdioEntry(options: EntryOptions, facts: Facts, warnings: string[]): Record<string, unknown> {
	const env: Record<string, string> = {};
	for (const name of settings) {
		const value = facts.env[name];
		if (value) {
			env[name] = paths.has(name) ? path.resolve(value) : value;
		}
	}

	if (options.client) {
		env.MD_VECTOR_CLIENT_KEY = clientKeyReference(options.client, facts, warnings);
	} else if (facts.env.MD_VECTOR_URL) { // a local daemon knows the bridge by its local token; one elsewhere needs the key
		for (const name of secrets.filter(secret => facts.env[secret])) {
			env[name] = `\${${name}}`;
		}
	}

	const args = [...facts.launcher.args, 'mcp', ...(options.readOnly ? ['--read-only'] : [])];
	return {command: facts.launcher.command, args, ...(Object.keys(env).length > 0 ? {env} : {})};
}

function baseUrl(facts: Facts, warnings: string[]): string {
	if (facts.env.MD_VECTOR_URL) {
		return facts.env.MD_VECTOR_URL.replace(/\/+$/, '');
	}

	const configured = facts.configuredPort ?? defaultPort;
	if (configured === 0) {
		if (facts.runningPort === undefined) {
			throw new Error('the port setting 0 (MD_VECTOR_PORT=0 or md-vector config set port 0) gives the daemon no fixed port to put in an http entry: set a port, or use --type stdio');
		}

		warnings.push(`the port setting is 0: the daemon listens on a temporary port (${facts.runningPort}), and this entry stops working when it restarts; set a port (md-vector config set port 7821)`);
		return `http://127.0.0.1:${facts.runningPort}`;
	}

	if (facts.runningPort !== undefined && facts.runningPort !== configured) {
		warnings.push(`the running daemon listens on port ${facts.runningPort} (port ${configured} was taken when it started); this entry uses ${configured}, where it listens once restarted (md-vector stop)`);
	}

	return `http://127.0.0.1:${configured}`;
}

function httpEntry(options: EntryOptions, facts: Facts, warnings: string[]): Record<string, unknown> {
	const base = baseUrl(facts, warnings);
	const url = `${base}/${options.type === 'sse' ? 'sse' : 'mcp'}`;
	const {hostname, protocol} = new URL(base);
	const oauth = facts.env.MD_VECTOR_MCP_OAUTH !== '0' && (protocol === 'https:' || hostname === '127.0.0.1' || hostname === 'localhost');
	let authorization: string | undefined;
	if (options.client) {
		authorization = `Bearer ${clientKeyReference(options.client, facts, warnings)}`;
	} else if (!oauth && facts.env.MD_VECTOR_API_KEY) {
		authorization = 'Bearer ${MD_VECTOR_API_KEY}';
	} else if (!oauth) {
		warnings.push('OAuth is off (MD_VECTOR_MCP_OAUTH=0) and there is no API key: the entry has no credential, which a loopback daemon without one accepts');
	}

	const headers = {...(authorization ? {Authorization: authorization} : {}), ...(options.readOnly ? {'X-MD-Vector-Read-Only': '1'} : {})};
	return {type: options.type, url, ...(Object.keys(headers).length > 0 ? {headers} : {})};
}

export function serverEntry(options: EntryOptions, facts: Facts): Built {
	const warnings: string[] = [];
	const entry = options.type === 'stdio' ? stdioEntry(options, facts, warnings) : httpEntry(options, facts, warnings);
	return {entry, warnings};
}
