// The MCP search tool takes the query syntax, min_score and explain as the HTTP API does (SDK client, real daemon).
import path from 'node:path';
import test from 'ava';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token.js';

type ToolResult = {isError?: boolean; structuredContent?: any; content: Array<{type: string; text?: string}>};

let daemon: RunningDaemon;
let client: Client;

test.before(async () => {
	daemon = await startDaemon();
	await untilReady(daemon);
	client = new Client({name: 'md-vector-test', version: '1.0.0'});
	const headers = {[localTokenHeader]: readDiscovery(path.join(daemon.home, 'state'))!.token};
	await client.connect(new StreamableHTTPClientTransport(new URL(`${daemon.url}/mcp`), {requestInit: {headers}}));
	for (const [name, text] of [['rotation', 'Rotate the api key monthly; the vault keeps it.'], ['staging', 'The staging api key sits in another vault.'], ['fruit', 'Bananas in a vault of fruit.']]) {
		await daemon.request('POST', '/api/v1/ingest', {content: `# ${name}\n\n${text}\n`, file_name: `${name}.md`, collection: 'keys'});
	}
});

test.after.always(async () => {
	await client?.close();
	await daemon?.stop();
});

const search = async (arguments_: Record<string, unknown>) => client.callTool({name: 'search', arguments: {collection: 'keys', ...arguments_}}) as Promise<ToolResult>;
const files = (result: ToolResult) => result.structuredContent.results.map((hit: {file: string}) => hit.file).sort();

test.serial('the tool lists min_score and explain, and takes phrases and exclusions', async t => {
	const {tools} = await client.listTools();
	const properties = tools.find(tool => tool.name === 'search')!.inputSchema.properties as Record<string, {type?: string}>;
	t.is(properties.min_score?.type, 'number');
	t.is(properties.explain?.type, 'boolean');
	t.deepEqual(files(await search({query: '"api key" vault'})), ['rotation.md', 'staging.md']);
	t.deepEqual(files(await search({query: 'vault -staging -"api key"'})), ['fruit.md']);
	const refused = await search({query: '-staging'});
	t.true(refused.isError);
	t.regex(refused.content[0]!.text!, /only exclusions/);
});

test.serial('min_score drops hits below it; explain says how each ranked', async t => {
	const all = (await search({query: 'vault', mode: 'semantic'})).structuredContent.results;
	t.is(all.length, 3);
	const kept = (await search({query: 'vault', mode: 'semantic', min_score: all[1].score})).structuredContent.results;
	t.deepEqual(kept.map((hit: {file: string}) => hit.file), all.slice(0, 2).map((hit: {file: string}) => hit.file));
	const refused = await search({query: 'vault', min_score: 'high'});
	t.true(refused.isError);
	t.regex(refused.content[0]!.text!, /min_score/);

	const explained = (await search({query: 'api key vault', explain: true})).structuredContent.results;
	for (const hit of explained) {
		t.is(hit.explain.fusion, 'convex');
		const parts = [hit.explain.keyword, hit.explain.vector].filter(Boolean);
		t.true(parts.length > 0);
		t.true(Math.abs(parts.reduce((sum: number, part: {contribution: number}) => sum + part.contribution, 0) - hit.score) < 1e-5);
	}
});
