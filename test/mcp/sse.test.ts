// The legacy HTTP+SSE transport at /sse, with the MCP SDK's SSE client against a real daemon: the tools, the same
// authentication (401 that points at the resource metadata), capabilities (403) and the rule that a session's
// messages come from the caller that opened it.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {SSEClientTransport} from '@modelcontextprotocol/sdk/client/sse.js';
import {startDaemon, type RunningDaemon} from '../helpers/daemon.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token.js';
import {refusalOf} from '../helpers/mcp-refusal.js';

let daemon: RunningDaemon;
const owner = () => ({[localTokenHeader]: readDiscovery(path.join(daemon.home, 'state'))!.token});

test.before(async () => {
	const home = temporaryDirectory('md-vector-sse-');
	mkdirSync(path.join(home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'reader', key: '${READER_KEY}'}]}));
	writeFileSync(path.join(home, 'config', 'capabilities', 'reader.json'), JSON.stringify({identifier: 'reader', clients: ['reader'], permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}]}));
	daemon = await startDaemon({READER_KEY: 'reader-key'}, home);
	for (const collection of ['notes', 'private']) {
		await daemon.request('POST', '/api/v1/ingest', {content: `# ${collection}\n\nCompost in ${collection}.\n`, file_name: `${collection}.md`, collection}, owner());
	}
});
test.after.always(async () => {
	await daemon?.stop();
});

async function connectSse(headers: Record<string, string>): Promise<Client> {
	const client = new Client({name: 'sse-host', version: '1.0.0'});
	// eslint-disable-next-line @typescript-eslint/no-deprecated -- the legacy transport is what this file tests
	await client.connect(new SSEClientTransport(new URL(`${daemon.url}/sse`), {requestInit: {headers}}));
	return client;
}

test('the tools over SSE: list, search across collections, read a section', async t => {
	const client = await connectSse(owner());
	t.teardown(async () => client.close());
	t.true((await client.listTools()).tools.some(tool => tool.name === 'get_document_section'));
	const found = await client.callTool({name: 'search', arguments: {query: 'compost', mode: 'keyword'}}) as {structuredContent: any};
	t.deepEqual([...found.structuredContent.collections as string[]].sort((a, b) => a.localeCompare(b)), ['notes', 'private']);
	const section = await client.callTool({name: 'get_document_section', arguments: {file: 'notes.md'}}) as {structuredContent: any};
	t.like(section.structuredContent, {collection: 'notes', content: 'Compost in notes.'}, 'the only collection holding the file');
	const unknown = await client.callTool({name: 'search', arguments: {query: 'x', collection: 'nope'}}) as {isError: boolean; content: Array<{text: string}>};
	t.true(unknown.isError);
	t.regex(unknown.content[0]!.text, /collection 'nope' does not exist; the collections are: notes, private/);
});

test('authentication and capabilities as on /mcp; a session belongs to the caller that opened it', async t => {
	const anonymous = await fetch(`${daemon.url}/sse`);
	t.is(anonymous.status, 401);
	t.regex(anonymous.headers.get('www-authenticate')!, /resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/sse"/);
	t.like(await anonymous.json(), {error: {code: 'unauthorized'}});

	const reader = await connectSse({'x-api-key': 'reader-key'});
	t.teardown(async () => reader.close());
	const allowed = await reader.callTool({name: 'search', arguments: {query: 'compost', mode: 'keyword'}}) as {structuredContent: any};
	t.deepEqual(allowed.structuredContent.collections, ['notes'], 'only what its capability grants');
	const refused = refusalOf(t, await reader.callTool({name: 'search', arguments: {query: 'compost', collection: 'private'}}));
	t.regex(refused.message, /lacks 'search:default' on collection 'private'/);

	// Another caller posting into the reader's session (its id from the stream's first event) is refused.
	const stream = await fetch(`${daemon.url}/sse`, {headers: {'x-api-key': 'reader-key'}});
	const reading = stream.body!.getReader();
	let text = '';
	while (!text.includes('\n\n')) {
		text += new TextDecoder().decode((await reading.read()).value);
	}

	const endpoint = /data: (\S+)/.exec(text)![1]!;
	const hijack = await fetch(new URL(endpoint, daemon.url), {method: 'POST', headers: {...owner(), 'content-type': 'application/json'}, body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})});
	t.is(hijack.status, 403);
	t.like(await hijack.json(), {error: {code: 'forbidden', message: 'this SSE session was opened by another caller'}});
	const lost = await fetch(`${daemon.url}/messages?sessionId=nope`, {method: 'POST', headers: {...owner(), 'content-type': 'application/json'}, body: '{}'});
	t.is(lost.status, 404);
	await reading.cancel();
});
