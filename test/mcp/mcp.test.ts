// The MCP tool server with the SDK's own client: over Streamable HTTP against a real daemon, and over stdio
// through `md-vector mcp` (the built binary, which starts its daemon).
import {request as httpRequest} from 'node:http';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {startDaemon, type RunningDaemon} from '../helpers/daemon.js';
import {cli, cliPath} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token.js';
import {refusalOf} from '../helpers/mcp-refusal.js';

type ToolResult = {isError?: boolean; structuredContent?: any; content: Array<{type: string; text?: string}>};

/** The owner's credential, as md-vector's own `mcp` bridge sends it: the local token of the discovery record. */
const owner = (daemon: RunningDaemon) => ({[localTokenHeader]: readDiscovery(path.join(daemon.home, 'state'))!.token});

async function connectHttp(daemon: RunningDaemon, headers: Record<string, string> = owner(daemon)): Promise<Client> {
	const client = new Client({name: 'md-vector-test', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(new URL(`${daemon.url}/mcp`), {requestInit: {headers}}));
	return client;
}

const call = async (client: Client, name: string, arguments_: Record<string, unknown> = {}) => client.callTool({name, arguments: arguments_}) as Promise<ToolResult>;

let daemon: RunningDaemon;
let notes: string;
test.before(async () => {
	notes = temporaryDirectory('md-vector-mcp-notes-');
	writeFileSync(path.join(notes, 'guide.md'), '# Guide\n\nIntro.\n\n## Install\n\n### Linux\n\nRun apt install compost-tools.\n\n## Usage\n\nTurn the compost weekly.\n');
	daemon = await startDaemon({MD_VECTOR_ALLOWED_ROOTS: notes});
});
test.after.always(async () => {
	await daemon?.stop();
});

test('over Streamable HTTP: the eight tools with schemas, and each one called', async t => {
	const client = await connectHttp(daemon);
	t.teardown(async () => client.close());
	const {tools} = await client.listTools();
	t.deepEqual(tools.map(tool => tool.name).sort(), ['delete_document', 'get_document_section', 'get_documents', 'ingest', 'list_collections', 'list_sources', 'search', 'stats']);
	const search = tools.find(tool => tool.name === 'search')!;
	t.deepEqual(search.inputSchema.required, ['query']);
	t.truthy((search.inputSchema.properties as Record<string, {description?: string}>).top_k?.description);

	const ingested = await call(client, 'ingest', {file_path: path.join(notes, 'guide.md'), collection: 'mcp'});
	t.like(ingested.structuredContent, {status: 'ok', file: 'guide.md', collection: 'mcp', outcome: 'indexed'});
	t.like((await call(client, 'ingest', {content: '# Inline\n\nCompost by hand.\n', file_name: 'inline.md', collection: 'mcp'})).structuredContent, {outcome: 'indexed'});

	const found = await call(client, 'search', {query: 'compost tools linux', mode: 'keyword', top_k: 3, collection: 'mcp'});
	t.falsy(found.isError);
	const top = found.structuredContent.results[0];
	t.like(top, {file: 'guide.md', heading_level: 3, changed_on_disk: false});
	t.deepEqual(top.heading_path, ['Guide', 'Install', 'Linux']);
	t.is(typeof top.score, 'number');
	t.is(JSON.parse(found.content[0]!.text!).results[0].file, 'guide.md', 'the text content carries the same answer');
	const inline = (await call(client, 'search', {query: 'hand', mode: 'keyword', collection: 'mcp'})).structuredContent.results[0];
	t.like(inline, {file: 'inline.md', changed_on_disk: null}, 'sent inline: not from disk');

	writeFileSync(path.join(notes, 'guide.md'), '# Guide\n\nRewritten.\n');
	const stale = await call(client, 'search', {query: 'compost tools linux', mode: 'keyword', collection: 'mcp'});
	t.true(stale.structuredContent.results[0].changed_on_disk, 'the file changed since it was indexed');

	const section = await call(client, 'get_document_section', {file: 'guide.md', heading_path: ['Install'], collection: 'mcp'});
	t.like(section.structuredContent, {file: 'guide.md', heading_level: null, start_line: 9, end_line: 9}, 'Install has text only in its subsection');
	t.deepEqual(section.structuredContent.heading_path, ['Guide', 'Install']);
	t.regex(section.structuredContent.content, /apt install compost-tools/);
	const usage = await call(client, 'get_document_section', {file: 'guide.md', heading_path: ['Guide', 'Usage'], collection: 'mcp'});
	t.like(usage.structuredContent, {heading_level: 2, content: 'Turn the compost weekly.'}, 'with the title in the path too');
	const missing = await call(client, 'get_document_section', {file: 'guide.md', heading_path: ['Nope'], collection: 'mcp'});
	t.true(missing.isError);
	t.regex(missing.content[0]!.text!, /no section \["Nope"] in 'guide\.md'/);

	t.like((await call(client, 'stats', {collection: 'mcp'})).structuredContent, {collection: 'mcp', documents: 2});
	t.true((await call(client, 'list_collections')).structuredContent.collections.some((entry: {name: string}) => entry.name === 'mcp'));
	t.like((await call(client, 'delete_document', {file: 'inline.md', collection: 'mcp'})).structuredContent, {deleted_chunks: 1});
	const refused = await call(client, 'ingest', {file_path: '/etc/hostname', collection: 'mcp'});
	t.true(refused.isError, 'a path outside the allowed roots is a tool error');
	const invalid = await call(client, 'search', {query: '', collection: 'mcp'});
	t.true(invalid.isError, 'schema violations are refused');
});

test('list_sources: the folders a collection follows, read-only', async t => {
	const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: notes, collection: 'mcp-folders', exclude: ['drafts']}, owner(daemon));
	let {job} = started.body;
	while (job.state === 'running') {
		job = (await daemon.request('GET', `/api/v1/jobs/${job.id}`, undefined, owner(daemon))).body.job;
	}

	const client = await connectHttp(daemon, {...owner(daemon), 'x-md-vector-read-only': '1'});
	t.teardown(async () => client.close());
	const listed = await call(client, 'list_sources', {collection: 'mcp-folders'});
	t.like(listed.structuredContent, {collection: 'mcp-folders', sources: [{label: path.basename(notes), exclude: ['drafts'], documents: 1, watch: false}]});
	t.truthy(listed.structuredContent.sources[0].last_sync_at);
});

test('read-only: no write tools are offered, and calling one fails', async t => {
	const client = await connectHttp(daemon, {...owner(daemon), 'x-md-vector-read-only': '1'});
	t.teardown(async () => client.close());
	t.deepEqual((await client.listTools()).tools.map(tool => tool.name).sort(), ['get_document_section', 'get_documents', 'list_collections', 'list_sources', 'search', 'stats']);
	const write = await call(client, 'delete_document', {file: 'guide.md', collection: 'mcp'}).catch((error: unknown) => ({isError: true, content: [{type: 'text', text: (error as Error).message}]}));
	t.true(write.isError);
	t.regex(write.content[0]!.text!, /delete_document/);
});

test('a request with an unexpected Host is refused (DNS rebinding guard)', async t => {
	const {port} = new URL(daemon.url);
	const status = await new Promise<number>((resolve, reject) => {
		const request = httpRequest({host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: {host: `evil.example.com:${port}`, 'content-type': 'application/json'}}, response => {
			response.resume();
			resolve(response.statusCode!);
		});
		request.on('error', reject);
		request.end(JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}));
	});
	t.is(status, 403);
	const origin = await fetch(`${daemon.url}/mcp`, {method: 'POST', headers: {origin: 'https://evil.example.com', 'content-type': 'application/json'}, body: '{}'});
	t.is(origin.status, 403, 'and a foreign Origin');
});

test('auth: 401 without a key or with a wrong one; a client is offered the tools it may use, and a collection it may not use is the call\'s tool error', async t => {
	const home = temporaryDirectory('md-vector-mcp-auth-');
	mkdirSync(path.join(home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'assistant', key: '${ASSISTANT_KEY}'}]}));
	writeFileSync(path.join(home, 'config', 'capabilities', 'assistant.json'), JSON.stringify({
		identifier: 'assistant', clients: ['assistant'], permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}],
	}));
	const guarded = await startDaemon({MD_VECTOR_API_KEY: 'owner', ASSISTANT_KEY: 'assistant-key'}, home);
	t.teardown(async () => guarded.stop());
	const attempts: Array<Record<string, string>> = [{}, {'x-api-key': 'wrong'}, {authorization: 'Bearer wrong'}];
	for (const headers of attempts) {
		const error = await t.throwsAsync(connectHttp(guarded, headers));
		t.is((error as Error & {code?: number}).code, 401, JSON.stringify(headers));
		t.regex(error.message, /"code":"unauthorized","message":"(sign in: this MCP server needs a credential|invalid API key)/);
	}

	const assistant = await connectHttp(guarded, {authorization: 'Bearer assistant-key'});
	t.teardown(async () => assistant.close());
	const allowed = await call(assistant, 'search', {query: 'x', mode: 'keyword', collection: 'notes'});
	t.regex(allowed.content[0]!.text!, /collection 'notes' does not exist/, 'allowed through to the tool');
	const otherCollection = await call(assistant, 'search', {query: 'x', collection: 'private'});
	t.true(otherCollection.isError);
	t.is(otherCollection.content[0]!.text, 'client \'assistant\' lacks \'search:default\' on collection \'private\' for tool search');
	t.deepEqual((await assistant.listTools()).tools.map(tool => tool.name).sort(), ['get_document_section', 'get_documents', 'search'], 'search:default only: no write, list or stats tool');
	const write = await call(assistant, 'delete_document', {file: 'a.md', collection: 'notes'}).catch((error: unknown) => ({isError: true, content: [{text: (error as Error).message}]}));
	t.true(write.isError);
	t.regex(write.content[0]!.text!, /Tool delete_document not found/);
});

test('over stdio: md-vector mcp bridges to the daemon it starts', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = temporaryDirectory('md-vector-mcp-stdio-');
	writeFileSync(path.join(root, 'a.md'), '# Alpha\n\nBeta gamma compost.\n');
	await md.json(['ingest-dir', root, '-C', 'stdio']);
	for (const readOnly of [false, true]) {
		const client = new Client({name: 'md-vector-test', version: '1.0.0'});
		await client.connect(new StdioClientTransport({command: 'node', args: [cliPath, 'mcp', ...(readOnly ? ['--read-only'] : [])], env: md.environment, stderr: 'pipe'}));
		const names = (await client.listTools()).tools.map(tool => tool.name);
		t.is(names.includes('ingest'), !readOnly, readOnly ? 'read-only' : 'all tools');
		const result = await call(client, 'search', {query: 'compost', mode: 'keyword', collection: 'stdio'});
		t.is(result.structuredContent.results[0].file, 'a.md');
		await client.close();
	}
});

test('over stdio with MD_VECTOR_CLIENT_KEY: the assistant gets that client\'s permissions, not the owner\'s', async t => {
	const md = cli({ASSISTANT_KEY: 'assistant-key'});
	t.teardown(md.stop);
	mkdirSync(path.join(md.home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(md.home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'assistant', key: '${ASSISTANT_KEY}'}]}));
	writeFileSync(path.join(md.home, 'config', 'capabilities', 'a.json'), JSON.stringify({
		identifier: 'assistant', clients: ['assistant'], permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}],
	}));
	const client = new Client({name: 'md-vector-test', version: '1.0.0'});
	await client.connect(new StdioClientTransport({command: 'node', args: [cliPath, 'mcp'], env: {...md.environment, MD_VECTOR_CLIENT_KEY: 'assistant-key'}, stderr: 'pipe'}));
	t.teardown(async () => client.close());
	const allowed = await call(client, 'search', {query: 'x', mode: 'keyword', collection: 'notes'});
	t.regex(allowed.content[0]!.text!, /collection 'notes' does not exist/, 'through to the tool');
	const refused = refusalOf(t, await call(client, 'search', {query: 'x', collection: 'private'}));
	t.regex(refused.message, /lacks 'search:default' on collection 'private'/);
});

test('rate limits: a loopback assistant with the owner\'s credential has its own limit; a client key has the spec\'s', async t => {
	const home = temporaryDirectory('md-vector-mcp-limits-');
	mkdirSync(path.join(home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'bot', key: '${BOT_KEY}'}]}));
	writeFileSync(path.join(home, 'config', 'capabilities', 'bot.json'), JSON.stringify({identifier: 'bot', clients: ['bot'], permissions: ['collections:read']}));
	const limited = await startDaemon({MD_VECTOR_RATE_LIMIT: '2', MD_VECTOR_MCP_RATE_LIMIT: '5', BOT_KEY: 'bot-key', MD_VECTOR_API_KEY: 'owner-key'}, home);
	t.teardown(async () => limited.stop());
	const statuses = async (headers: Record<string, string>, count: number) => {
		const seen: number[] = [];
		for (let index = 0; index < count; index++) {
			const response = await fetch(`${limited.url}/mcp`, {method: 'POST', headers: {...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream'}, body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})});
			seen.push(response.status);
			await response.body?.cancel();
		}

		return seen;
	};

	t.deepEqual(await statuses({'x-api-key': 'bot-key'}, 3), [200, 200, 429], 'a clients.json key: the spec\'s limit (here 2)');
	t.deepEqual(await statuses(owner(limited), 6), [200, 200, 200, 200, 200, 429], 'the owner\'s own md-vector mcp: MD_VECTOR_MCP_RATE_LIMIT (here 5)');
	t.deepEqual(await statuses({'x-api-key': 'owner-key'}, 6), [200, 200, 200, 200, 200, 429], 'the API key holder over loopback, likewise');
});
