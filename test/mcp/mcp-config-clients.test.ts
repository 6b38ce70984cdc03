// Each entry `md-vector mcp-config` prints, pasted into a real MCP client: the MCP SDK's client (as hosts use it,
// with ${VAR} references expanded from the environment as Claude Code does) and the MCP Inspector's CLI mode.
// The entries reach the daemon that holds the user's documents, not a new, empty one. (The URL-only http and sse
// entries, which sign in with OAuth, are used in test/oauth/oauth-flow.test.ts.)
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {cli, type Cli} from '../helpers/cli.js';
import {inspectorCli} from '../helpers/inspector.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {refusalOf} from '../helpers/mcp-refusal.js';

type Entry = {command?: string; args?: string[]; env?: Record<string, string>; url?: string; headers?: Record<string, string>};

/** ${VAR} expanded from `env`, as a host that supports references does. */
const expand = (value: string, env: Record<string, string>) => value.replaceAll(/\${(\w+)}/g, (_match, name: string) => env[name] ?? '');
const expandAll = (values: Record<string, string> | undefined, env: Record<string, string>) => Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, expand(value, env)]));

let md: Cli;
let notes: string;
test.before(async () => {
	notes = temporaryDirectory('md-vector-config-notes-');
	writeFileSync(path.join(notes, 'compost.md'), '# Compost\n\nTurn the heap weekly.\n');
	md = cli({MD_VECTOR_PORT: String(47_000 + (process.pid % 2000)), ASSISTANT_KEY: 'assistant-key'});
	mkdirSync(path.join(md.home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(md.home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'assistant', key: '${ASSISTANT_KEY}'}]}));
	writeFileSync(path.join(md.home, 'config', 'capabilities', 'assistant.json'), JSON.stringify({identifier: 'assistant', clients: ['assistant'], permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}]}));
	await md.json(['ingest-dir', notes, '-C', 'notes']);
});
test.after.always(async () => {
	await md?.stop();
});

const entryOf = async (args: string[]): Promise<Entry> => JSON.parse(String((await md.run(['mcp-config', ...args])).stdout)).mcpServers['md-vector'] as Entry;

async function searchWith(client: Client, collection?: string) {
	return client.callTool({name: 'search', arguments: {query: 'compost heap', mode: 'keyword', ...(collection ? {collection} : {})}}) as Promise<{structuredContent: any; isError?: boolean}>;
}

test('stdio, as printed: the SDK client and the Inspector start it and find the documents of the running daemon', async t => {
	const entry = await entryOf(['--type', 'stdio']);
	const client = new Client({name: 'host', version: '1.0.0'});
	// The host's environment: only what it passes by default (HOME, PATH...) plus the entry's env, not the test's.
	await client.connect(new StdioClientTransport({command: entry.command!, args: entry.args, env: entry.env, stderr: 'pipe'}));
	t.teardown(async () => client.close());
	const found = await searchWith(client);
	t.deepEqual(found.structuredContent.collections, ['notes']);
	t.is(found.structuredContent.results[0].source_path, path.join(notes, 'compost.md'));

	const file = path.join(temporaryDirectory(), 'mcp.json');
	writeFileSync(file, JSON.stringify({mcpServers: {'md-vector': entry}}));
	const answer = await inspectorCli(file, 'md-vector', ['--method', 'tools/call', '--tool-name', 'search', '--tool-arg', 'query=compost heap', '--tool-arg', 'mode=keyword']);
	t.is(answer.structuredContent.results[0].file, 'compost.md', 'the Inspector reaches the same documents');
});

test('stdio --client: the assistant gets that client\'s permissions', async t => {
	const entry = await entryOf(['--type', 'stdio', '--client', 'assistant']);
	t.is(entry.env!.MD_VECTOR_CLIENT_KEY, '${ASSISTANT_KEY}');
	const client = new Client({name: 'host', version: '1.0.0'});
	await client.connect(new StdioClientTransport({command: entry.command!, args: entry.args, env: expandAll(entry.env, md.environment), stderr: 'pipe'}));
	t.teardown(async () => client.close());
	t.is((await searchWith(client)).structuredContent.results[0].file, 'compost.md');
	const refused = refusalOf(t, await searchWith(client, 'elsewhere'));
	t.regex(refused.message, /lacks 'search:default' on collection 'elsewhere'/);
});

test('http --client, as printed (header expanded by the host): the SDK client and the Inspector', async t => {
	const entry = await entryOf(['--type', 'http', '--client', 'assistant']);
	t.is(entry.url, `http://127.0.0.1:${md.environment.MD_VECTOR_PORT}/mcp`, 'the configured port');
	const headers = expandAll(entry.headers, md.environment);
	const client = new Client({name: 'host', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(new URL(entry.url!), {requestInit: {headers}}));
	t.teardown(async () => client.close());
	t.is((await searchWith(client)).structuredContent.results[0].file, 'compost.md');

	const file = path.join(temporaryDirectory(), 'mcp.json');
	writeFileSync(file, JSON.stringify({mcpServers: {'md-vector': {...entry, headers}}})); // the Inspector does not expand ${VAR}: the value, as a host would send it
	const answer = await inspectorCli(file, 'md-vector', ['--method', 'tools/list']);
	t.true(answer.tools.some((tool: {name: string}) => tool.name === 'search'));
});
