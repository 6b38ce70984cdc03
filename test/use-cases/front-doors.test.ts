// REST and MCP are adapters of one use-case layer: for every operation both offer, and for each kind of caller
// (the owner, a client with the permission, one without it, one limited to another collection, a read-only MCP
// server), the REST call and the MCP tool call against one real app give the same answer (after their shapes
// are translated) and the same refusal (the same message); a tool whose permission the caller holds nowhere is
// not offered to it over MCP, where REST refuses the call.
import {rmSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {poll} from '../../source/client/poll.js';
import {serveApp, type AppServer} from '../helpers/app.js';
import {mcpClient, rest, tool, withoutTool, type Said} from './front-doors.js';

const everything = ['search:default', 'collections:read', 'ingest:default', 'documents:delete'];
const keys = {owner: 'owner-key', reader: 'reader-key', outsider: 'outsider-key', elsewhere: 'elsewhere-key'};
const callers = {
	owner: {'x-api-key': keys.owner},
	reader: {'x-api-key': keys.reader}, // every permission the tools need, on every collection
	outsider: {'x-api-key': keys.outsider}, // a capability, but none of those permissions
	elsewhere: {'x-api-key': keys.elsewhere}, // every permission, on the collection 'other' only
} as const;
type Caller = keyof typeof callers;

let app: AppServer;
let notes: string;
const clients = new Map<string, Client>();

test.before(async () => {
	app = await serveApp({
		apiKey: keys.owner, env: {READER: keys.reader, OUTSIDER: keys.outsider, ELSEWHERE: keys.elsewhere},
		clients: [{label: 'reader', key: '${READER}'}, {label: 'outsider', key: '${OUTSIDER}'}, {label: 'elsewhere', key: '${ELSEWHERE}'}],
		capabilities: [
			{identifier: 'reader', clients: ['reader'], permissions: everything},
			{identifier: 'outsider', clients: ['outsider'], permissions: ['export:default']},
			{identifier: 'elsewhere', clients: ['elsewhere'], permissions: everything.map(identifier => ({identifier, allow: [{collection: 'other'}]}))},
		],
	});
	// A folder source (list_sources), a file changed since it was indexed and a document sent inline (changed_on_disk true and null).
	notes = path.join(app.deps.allowedRoots()[0]!, 'notes');
	mkdirSync(notes);
	writeFileSync(path.join(notes, 'guide.md'), '# Guide\n\n## Install\n\nCompost tools install.\n\n## Usage\n\nTurn the compost weekly.\n');
	writeFileSync(path.join(notes, 'later.md'), '# Later\n\nCompost heap written before.\n');
	const started = await rest(app, callers.owner, 'POST', '/api/v1/jobs/ingest-directory', {directory: notes, collection: 'notes'});
	const {id} = (started as {value: {job: {id: string}}}).value.job;
	await poll(async () => ((await app.request('GET', `/api/v1/jobs/${id}`, {headers: callers.owner})).body.job.state === 'running' ? undefined : true), 30_000);
	writeFileSync(path.join(notes, 'later.md'), '# Later\n\nCompost heap rewritten since.\n');
	for (const [collection, file] of [['notes', 'inline.md'], ['other', 'elsewhere.md'], ...Object.keys(callers).flatMap(caller => [['notes', `rest-${caller}.md`], ['notes', `mcp-${caller}.md`]]), ['notes', 'mcp-read-only.md']]) {
		await rest(app, callers.owner, 'POST', '/api/v1/ingest', {content: `# Inline\n\nCompost by hand (${file}).\n`, file_name: file, collection});
	}

	for (const [name, headers] of [...Object.entries(callers), ['read-only', {...callers.owner, 'x-md-vector-read-only': '1'}]] as const) {
		clients.set(name, await mcpClient(app, headers));
	}
});

test.after.always(async () => {
	await Promise.all([...clients.values()].map(async client => client.close()));
	await app?.close();
	if (notes) {
		rmSync(notes, {recursive: true, force: true});
	}
});

/** A search hit under MCP's names, from REST's (source_file is MCP's file; REST's id and MCP's absence of it aside). */
const restHit = ({source_file: file, id: _id, ...hit}: Record<string, unknown>) => ({...hit, file});

type Operation = {
	readonly tool: string;
	readonly rest: (caller: Caller) => Promise<Said>;
	readonly mcp: (client: Client, caller: string) => Promise<Said>;
	/** REST's value in the tool's shape, and the tool's value as compared. */
	readonly fromRest: (value: any) => unknown;
	readonly fromMcp?: (value: any) => unknown;
	readonly writes?: boolean;
	/** Which callers it answers (default: the owner and the reader; the others are refused). */
	readonly answers?: readonly Caller[];
};

const operations: Operation[] = [
	{
		tool: 'search',
		rest: async caller => rest(app, callers[caller], 'POST', '/api/v1/search', {query: 'compost', mode: 'keyword', collection: 'notes'}),
		mcp: async client => tool(client, 'search', {query: 'compost', mode: 'keyword', collection: 'notes'}),
		fromRest: value => ({collections: value.collections, mode: value.mode, results: value.results.map(restHit)}),
	},
	{
		// No collection named: every collection the caller may search ('elsewhere': only 'other').
		tool: 'search',
		answers: ['owner', 'reader', 'elsewhere'],
		rest: async caller => rest(app, callers[caller], 'POST', '/api/v1/search', {query: 'compost', mode: 'keyword', all: true, top_k: 20}),
		mcp: async client => tool(client, 'search', {query: 'compost', mode: 'keyword', top_k: 20}),
		fromRest: value => ({collections: value.collections, mode: value.mode, results: value.results.map(restHit)}),
	},
	{
		tool: 'list_collections',
		answers: ['owner', 'reader', 'elsewhere'], // each sees the collections it may read
		rest: async caller => rest(app, callers[caller], 'GET', '/api/v1/collections'),
		mcp: async client => tool(client, 'list_collections', {}),
		fromRest: value => value,
	},
	{
		tool: 'stats',
		rest: async caller => rest(app, callers[caller], 'GET', '/api/v1/stats?collection=notes'),
		mcp: async client => tool(client, 'stats', {collection: 'notes'}),
		fromRest: ({disk_bytes: _disk, ...stats}) => stats, // the data folder's size: REST's /stats only
	},
	{
		tool: 'list_sources',
		rest: async caller => rest(app, callers[caller], 'GET', '/api/v1/collections/notes/sources'),
		mcp: async client => tool(client, 'list_sources', {collection: 'notes'}),
		fromRest: value => value,
	},
	{
		tool: 'get_document_section',
		rest: async caller => rest(app, callers[caller], 'GET', `/api/v1/documents/guide.md?collection=notes&section=${encodeURIComponent('Guide > Install')}`),
		mcp: async client => tool(client, 'get_document_section', {file: 'guide.md', heading_path: ['Guide', 'Install'], collection: 'notes'}),
		// REST answers the section's lines (its heading among them), MCP its chunks' text: the same section of the same document.
		fromRest: value => ({file: value.file, collection: value.collection, heading_path: value.heading_path, text: /Compost tools install\./.test(value.content)}),
		fromMcp: value => ({file: value.file, collection: value.collection, heading_path: value.heading_path, text: /Compost tools install\./.test(value.content)}),
	},
	{
		tool: 'get_documents',
		rest: async caller => rest(app, callers[caller], 'POST', '/api/v1/documents/get', {patterns: ['guide.md', 'g*.md'], collection: 'notes'}),
		mcp: async client => tool(client, 'get_documents', {patterns: ['guide.md', 'g*.md'], collection: 'notes'}),
		fromRest: value => value,
	},
	{
		tool: 'ingest',
		writes: true,
		// Sent before by the owner: unchanged, through either door (MCP skips unchanged content: incremental).
		rest: async caller => rest(app, callers[caller], 'POST', '/api/v1/ingest', {content: '# Inline\n\nCompost by hand (inline.md).\n', file_name: 'inline.md', collection: 'notes', mode: 'incremental'}),
		mcp: async client => tool(client, 'ingest', {content: '# Inline\n\nCompost by hand (inline.md).\n', file_name: 'inline.md', collection: 'notes'}),
		fromRest: value => value,
	},
	{
		tool: 'ingest',
		writes: true,
		// A file the owner may read (under the allowed roots), indexed before by the folder job: unchanged. A
		// client reads only within its fs scopes (none here): refused alike.
		answers: ['owner'],
		rest: async caller => rest(app, callers[caller], 'POST', '/api/v1/ingest', {file_path: path.join(notes, 'guide.md'), collection: 'notes', mode: 'incremental'}),
		mcp: async client => tool(client, 'ingest', {file_path: path.join(notes, 'guide.md'), collection: 'notes'}),
		fromRest: value => value,
	},
	{
		tool: 'delete_document',
		writes: true,
		rest: async caller => rest(app, callers[caller], 'DELETE', `/api/v1/documents/rest-${caller}.md?collection=notes`),
		mcp: async (client, caller) => tool(client, 'delete_document', {file: `mcp-${caller}.md`, collection: 'notes'}),
		fromRest: value => ({...value, file: 'deleted.md'}),
		fromMcp: value => ({...value, file: 'deleted.md'}),
	},
];

/** What both doors said, in one shape: the value (translated), or the refusal's or error's message without the tool's name. */
function comparable(said: Said, toValue: (value: any) => unknown, name: string): Said {
	return said.kind === 'ok' ? {kind: 'ok', value: toValue(said.value)} : withoutTool(said, name);
}

for (const caller of Object.keys(callers) as Caller[]) {
	test.serial(`${caller}: REST and MCP give the same answer and the same refusal for every operation`, async t => {
		const offered = new Set((await clients.get(caller)!.listTools()).tools.map(entry => entry.name));
		for (const operation of operations) {
			const restSaid = comparable(await operation.rest(caller), operation.fromRest, operation.tool);
			const mcpSaid = comparable(await operation.mcp(clients.get(caller)!, caller), operation.fromMcp ?? (value => value), operation.tool);
			const expected = (operation.answers ?? ['owner', 'reader']).includes(caller) ? 'ok' : 'refused';
			t.is(restSaid.kind, expected, `${caller}, ${operation.tool}: ${JSON.stringify(restSaid)}`);
			if (offered.has(operation.tool)) {
				t.deepEqual(mcpSaid, restSaid, `${caller}, ${operation.tool}`);
			} else {
				t.is(restSaid.kind, 'refused', `${caller}, ${operation.tool}: not offered over MCP, refused over REST`);
				t.deepEqual(mcpSaid, {kind: 'error', message: `MCP error -32602: Tool ${operation.tool} not found`}, `${caller}, ${operation.tool}`);
			}
		}
	});
}

test.serial('the answers compared are the real ones: a changed file, an inline document, the sources and the refusals\' wording', async t => {
	const found = await tool(clients.get('owner')!, 'search', {query: 'compost', mode: 'keyword', collection: 'notes', top_k: 20});
	const hits = (found as {value: {results: Array<{file: string; changed_on_disk: boolean | null}>}}).value.results;
	t.like(hits.find(hit => hit.file === 'later.md'), {changed_on_disk: true});
	t.like(hits.find(hit => hit.file === 'guide.md'), {changed_on_disk: false});
	t.like(hits.find(hit => hit.file === 'inline.md'), {changed_on_disk: null});
	t.like(await tool(clients.get('owner')!, 'list_sources', {collection: 'notes'}), {value: {sources: [{path: notes, documents: 2}]}});
	t.deepEqual((await tool(clients.get('elsewhere')!, 'list_collections', {}) as {value: {collections: Array<{name: string}>}}).value.collections.map(entry => entry.name), ['other'], 'a client sees only what it may read');
	t.deepEqual(await rest(app, callers.elsewhere, 'POST', '/api/v1/search', {query: 'compost', collection: 'notes'}), {kind: 'refused', message: 'client \'elsewhere\' lacks \'search:default\' on collection \'notes\''});
	t.deepEqual(await rest(app, callers.outsider, 'GET', '/api/v1/collections'), {kind: 'refused', message: 'client \'outsider\' lacks \'collections:read\''});
});

test.serial('tools/list offers each caller the tools its permissions allow somewhere', async t => {
	const names = async (caller: string) => (await clients.get(caller)!.listTools()).tools.map(entry => entry.name).sort();
	const all = ['delete_document', 'get_document_section', 'get_documents', 'ingest', 'list_collections', 'list_sources', 'search', 'stats'];
	t.deepEqual(await names('owner'), all);
	t.deepEqual(await names('reader'), all);
	t.deepEqual(await names('elsewhere'), all, 'every permission, on another collection: offered, refused per collection');
	t.deepEqual(await names('outsider'), [], 'only export: no tool');
});

test.serial('read-only MCP: its reads answer as the owner\'s REST calls do; its write tools are not offered', async t => {
	const readOnly = clients.get('read-only')!;
	t.deepEqual((await readOnly.listTools()).tools.map(entry => entry.name).sort(), ['get_document_section', 'get_documents', 'list_collections', 'list_sources', 'search', 'stats']);
	for (const operation of operations) {
		const mcpSaid = comparable(await operation.mcp(readOnly, 'read-only'), operation.fromMcp ?? (value => value), operation.tool);
		// A write tool: not offered, so the SDK says so; a read: what the owner's REST call says.
		const expected = operation.writes
			? {kind: 'error', message: `MCP error -32602: Tool ${operation.tool} not found`}
			: comparable(await operation.rest('owner'), operation.fromRest, operation.tool);
		t.deepEqual(mcpSaid, expected, operation.tool);
	}

	const listed = await rest(app, callers.owner, 'GET', '/api/v1/documents?collection=notes') as {value: {documents: Array<{file: string}>}};
	t.true(listed.value.documents.some(document => document.file === 'mcp-read-only.md'), 'nothing was deleted through it');
});
