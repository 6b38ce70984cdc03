// MCP's search takes the API's `filter` (issue 28): paths and front matter, and a bad one is refused naming it.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {startDaemon} from '../helpers/daemon.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token.js';

type ToolResult = {isError?: boolean; structuredContent?: any; content: Array<{type: string; text?: string}>};

test('search with filter: paths and meta keep only matching documents; a bad filter is a tool error naming it', async t => {
	const notes = temporaryDirectory('md-vector-mcp-filter-');
	mkdirSync(path.join(notes, 'api'));
	writeFileSync(path.join(notes, 'api', 'auth.md'), '---\ntags: [security, api]\n---\n# Auth\n\nA kiwi and tokens.\n');
	writeFileSync(path.join(notes, 'api', 'users.md'), '---\ntags: [api]\n---\n# Users\n\nA kiwi and users.\n');
	writeFileSync(path.join(notes, 'kiwi.md'), '# Kiwi\n\nKiwi kiwi kiwi kiwi.\n');
	const daemon = await startDaemon({MD_VECTOR_ALLOWED_ROOTS: notes});
	t.teardown(async () => daemon.stop());
	const client = new Client({name: 'md-vector-test', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(new URL(`${daemon.url}/mcp`), {requestInit: {headers: {[localTokenHeader]: readDiscovery(path.join(daemon.home, 'state'))!.token}}}));
	t.teardown(async () => client.close());
	const call = async (arguments_: Record<string, unknown>) => client.callTool({name: 'search', arguments: arguments_}) as Promise<ToolResult>;
	for (const file of ['api/auth.md', 'api/users.md', 'kiwi.md']) {
		t.false((await client.callTool({name: 'ingest', arguments: {file_path: path.join(notes, file), collection: 'm'}}) as ToolResult).isError ?? false);
	}

	const files = async (filter: unknown) => (await call({query: 'kiwi', collection: 'm', mode: 'keyword', top_k: 1, filter})).structuredContent.results.map((hit: {file: string}) => hit.file);
	t.deepEqual(await files(undefined), ['kiwi.md']);
	t.deepEqual(await files({paths: ['{auth,users}.md'], meta: {tags: 'security'}}), ['auth.md'], 'paths and meta');
	t.deepEqual(await files({paths: ['u*']}), ['users.md'], 'a glob over the stored name');
	const {tools} = await client.listTools();
	t.truthy((tools.find(tool => tool.name === 'search')!.inputSchema.properties as Record<string, unknown>).filter, 'the schema offers filter');
	const bad = await call({query: 'kiwi', collection: 'm', filter: {paths: 'api/**'}});
	t.true(bad.isError);
	t.regex(bad.content[0]!.text!, /filter/);
});
