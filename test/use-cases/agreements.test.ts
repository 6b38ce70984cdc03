// Where the front doors (or two routes) disagreed before the use-case layer, and now give one answer: an
// import checked on the collection it goes into, an update refused before it says whether a collection
// exists, MCP's ingest held to REST's 500 KB, one message for nothing to search, the engine's rule for a bad
// collection name, and a missing collection said alike (MCP adding the collections the caller may use).
import test from 'ava';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {serveApp, type AppServer} from '../helpers/app.js';
import {mcpClient, rest, tool} from './front-doors.js';

const keys = {owner: 'owner-key', loader: 'loader-key', syncer: 'syncer-key', phantom: 'phantom-key'};
const as = (key: string) => ({'x-api-key': key});

let app: AppServer;
const clients: Client[] = [];

test.before(async () => {
	app = await serveApp({
		apiKey: keys.owner, env: {LOADER: keys.loader, SYNCER: keys.syncer, PHANTOM: keys.phantom},
		clients: [{label: 'loader', key: '${LOADER}'}, {label: 'syncer', key: '${SYNCER}'}, {label: 'phantom', key: '${PHANTOM}'}],
		capabilities: [
			{identifier: 'loader', clients: ['loader'], permissions: [{identifier: 'ingest:default', allow: [{collection: 'default'}]}]},
			{identifier: 'syncer', clients: ['syncer'], permissions: [{identifier: 'ingest:default', allow: [{collection: 'notes'}]}]},
			{identifier: 'phantom', clients: ['phantom'], permissions: [{identifier: 'search:default', allow: [{collection: 'phantom-*'}]}]},
		],
	});
	for (const collection of ['notes', 'private']) {
		await rest(app, as(keys.owner), 'POST', '/api/v1/ingest', {content: `# ${collection}\n\nCompost for ${collection}.\n`, file_name: 'a.md', collection});
	}
});

test.after.always(async () => {
	await Promise.all(clients.map(async client => client.close()));
	await app?.close();
});

async function connect(key: string): Promise<Client> {
	const client = await mcpClient(app, as(key));
	clients.push(client);
	return client;
}

test.serial('an import without ?collection needs ingest:default on the collection its export names, checked before anything is written', async t => {
	const exported = await app.request('GET', '/api/v1/export?collection=private&format=jsonl', {headers: as(keys.owner)});
	t.is(exported.status, 200);
	await rest(app, as(keys.owner), 'DELETE', '/api/v1/collections/private');
	const post = async (query: string) => app.request('POST', `/api/v1/import${query}`, {headers: {...as(keys.loader), 'content-type': 'application/x-ndjson'}, body: exported.text});
	const refused = await post('');
	t.is(refused.status, 403, refused.text);
	t.is(refused.body.error.message, 'client \'loader\' lacks \'ingest:default\' on collection \'private\'');
	const listed = await rest(app, as(keys.owner), 'GET', '/api/v1/collections') as {value: {collections: Array<{name: string}>}};
	t.false(listed.value.collections.some(entry => entry.name === 'private'), 'nothing was imported');
	t.like((await post('?collection=default')).body, {status: 'ok', collection: 'default', documents: 1}, 'into a collection it may fill');
	t.is((await post('?collection=notes')).status, 403);
});

test.serial('an update (and a watch stream) of a collection the caller may not sync is refused before its existence is looked up', async t => {
	const refused = await rest(app, as(keys.syncer), 'POST', '/api/v1/jobs/update', {collection: 'ghost'});
	t.deepEqual(refused, {kind: 'refused', message: 'client \'syncer\' lacks \'ingest:default\' on collection \'ghost\''});
	t.deepEqual(await rest(app, as(keys.syncer), 'GET', '/api/v1/watch/events?collection=ghost'), refused, 'the same rule for a watch stream');
	t.deepEqual(await rest(app, as(keys.owner), 'POST', '/api/v1/jobs/update', {collection: 'ghost'}), {kind: 'error', message: 'collection \'ghost\' does not exist'});
});

test.serial('MCP\'s ingest holds content to 500 KB in bytes, as REST does', async t => {
	const content = `# Big\n\n${'é'.repeat(300_000)}\n`; // 300,000 characters, about 600 KB
	const body = {content, file_name: 'big.md', collection: 'notes'};
	t.deepEqual(await rest(app, as(keys.owner), 'POST', '/api/v1/ingest', body), {kind: 'error', message: 'content: must be at most 500 KB'});
	t.deepEqual(await tool(await connect(keys.owner), 'ingest', body), {kind: 'error', message: 'content: must be at most 500 KB'});
});

test.serial('nothing to search: one message, whether REST asks for all or MCP names no collection', async t => {
	const message = 'nothing to search: no collection exists that this caller may search (ingest documents first)';
	t.deepEqual(await rest(app, as(keys.phantom), 'POST', '/api/v1/search', {query: 'compost', all: true}), {kind: 'error', message});
	t.deepEqual(await tool(await connect(keys.phantom), 'search', {query: 'compost'}), {kind: 'error', message});
});

test.serial('a collection that does not exist, or whose name breaks the rule: the same message on both doors (MCP lists the collections)', async t => {
	const owner = await connect(keys.owner);
	t.deepEqual(await rest(app, as(keys.owner), 'GET', '/api/v1/stats?collection=ghost'), {kind: 'error', message: 'collection \'ghost\' does not exist'});
	t.deepEqual(await tool(owner, 'stats', {collection: 'ghost'}), {kind: 'error', message: 'collection \'ghost\' does not exist; the collections are: default, notes'});
	const bad = await rest(app, as(keys.owner), 'POST', '/api/v1/search', {query: 'compost', collection: 'no/such'});
	t.is(bad.kind, 'error');
	t.regex((bad as {message: string}).message, /^collection: must be 1-128 characters/);
	t.deepEqual(await tool(owner, 'search', {query: 'compost', collection: 'no/such'}), bad);
});
