// Deny by default: every route and every MCP tool declares the permission it needs; a test walks Express's
// router stack and the MCP server's tools and fails on one without a declaration; undeclared ones are refused.
import test from 'ava';
import express from 'express';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {collectionPermissions} from '../../common/access/permission-catalogue.js';
import {createApp} from '../../daemon/app.js';
import {errorHandler} from '../../daemon/http/error-handler.js';
import {serves} from '../../daemon/http/route-access.js';
import {refuseUndeclared, routesOf} from '../../daemon/http/route-declarations.js';
import {createMcpServer, mcpTools, registerTool} from '../../daemon/mcp/tools.js';
import {JobRegistry} from '../../daemon/jobs/job-registry.js';
import {Actor} from '../../daemon/use-cases/actor.js';
import {createUseCases} from '../../daemon/use-cases/use-cases.js';
import {SourceFollowers} from '../../daemon/watch/source-followers.js';
import {isOperation, operations, type Operation} from '../../daemon/use-cases/operations.js';
import {OAuth} from '../../daemon/oauth/oauth.js';
import {consentPaths, protocolPaths} from '../../daemon/oauth/oauth-endpoints.js';
import {oauthSettings} from '../../daemon/oauth/oauth-settings.js';
import {localTokenHeader} from '../../common/local-token.js';
import {serveApp, type AppOptions} from '../helpers/app.js';
import {openEngine} from '../helpers/engine.js';
import {temporaryDirectory} from '../helpers/paths.js';

/** An app with OAuth on (its state in a folder of its own), as the daemon runs by default. */
async function serveWithOAuth(options: AppOptions = {}) {
	const oauth = new OAuth({dataDir: temporaryDirectory('md-vector-walk-oauth-'), settings: oauthSettings({}), collections: async () => []});
	return serveApp({oauth, localToken: 'walk-local-token', ...options});
}

test('every route of the app declares what it needs, and every permission is in the catalogue', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	const routes = routesOf(createApp(app.deps));
	t.true(routes.length >= 15, `the walk found the routes (${routes.length})`);
	t.deepEqual(routes.filter(route => route.need === undefined).map(route => `${route.methods.join(',')} ${route.path}`), []);
	const permissions = routes.flatMap(route => (route.need?.kind === 'permission' ? [route.need.permission] : []));
	t.true(permissions.length >= 13);
	t.deepEqual(permissions.filter(permission => !(collectionPermissions as readonly string[]).includes(permission)), []);

	const paths = new Set(routes.map(route => route.path));
	for (const expected of ['/api/v1/health', '/api/v1/search', '/api/v1/documents/*file_name', '/api/v1/jobs/:id/events', '/api/v1/export', '/api/v1/import', '/mcp', '/v1/embeddings']) {
		t.true(paths.has(expected), expected);
	}

	t.deepEqual(routes.filter(route => route.need?.kind === 'open').map(route => route.path), ['/api/v1/health'], 'only /health is open');
});

test('with OAuth on: its protocol endpoints and consent pages are open by design, client management and model switches are the owner\'s, SSE serves any caller', async t => {
	const app = await serveWithOAuth();
	t.teardown(async () => app.close());
	const routes = routesOf(createApp(app.deps));
	t.deepEqual(routes.filter(route => route.need === undefined).map(route => `${route.methods.join(',')} ${route.path}`), [], 'nothing undeclared');
	const needOf = (path: string) => routes.filter(route => route.path === path).map(route => route.need?.kind);
	t.deepEqual(routes.filter(route => route.need?.kind === 'open').map(route => route.path).sort(), ['/api/v1/health', ...protocolPaths, ...consentPaths].sort(), 'open: /health and the OAuth endpoints');
	for (const path of ['/api/v1/clients', '/api/v1/clients/:label', '/api/v1/oauth/sign-in-link', '/api/v1/models/use']) {
		t.deepEqual(needOf(path), ['owner'], path);
	}

	t.deepEqual(needOf('/sse'), ['caller'], 'GET /sse');
	t.deepEqual(needOf('/messages'), ['caller'], 'POST /messages');
	t.deepEqual(needOf('/mcp'), ['caller', 'caller'], 'POST /mcp and its 405 for other methods');
});

test('owner-only routes, walked: a client key and an unproven loopback authentication get 403, the local token and the API key pass', async t => {
	const keyed = await serveWithOAuth({
		apiKey: 'owner-key', env: {S_KEY: 's-key'}, clients: [{label: 'searcher', key: '${S_KEY}'}],
		capabilities: [{identifier: 'searcher', clients: ['searcher'], permissions: ['search:default', 'collections:read']}],
	});
	const open = await serveWithOAuth(); // no key, no capability file: anyone over loopback is the owner on REST
	t.teardown(async () => Promise.all([keyed.close(), open.close()]));
	const routes = routesOf(createApp(keyed.deps)).filter(route => route.need?.kind === 'owner');
	t.is(routes.length, 4, 'managing clients, and switching models');
	for (const route of routes) {
		const method = route.methods[0]!;
		const path = route.path.replace(':label', 'nobody');
		const ask = async (app: typeof keyed, headers: Record<string, string>) => app.request(method, path, {headers, body: method === 'POST' ? {} : undefined});
		const client = await ask(keyed, {'x-api-key': 's-key'});
		t.is(client.status, 403, `${method} ${path}: ${client.text}`);
		t.regex(client.body.error.message, /client 'searcher' may not: only the owner/);
		t.is((await ask(keyed, {})).status, 401, 'no credential on a daemon with a key');
		const unproven = await ask(open, {});
		t.is(unproven.status, 403, `${method} ${path} without the local token: ${unproven.text}`);
		for (const [app, headers] of [[keyed, {'x-api-key': 'owner-key'}], [open, {[localTokenHeader]: 'walk-local-token'}]] as const) {
			const owner = await ask(app, headers);
			t.false([401, 403].includes(owner.status), `${method} ${path} as the owner: ${owner.text}`);
		}
	}
});

test('a route without a declaration answers 500 by construction, and says why', async t => {
	const logged: string[] = [];
	const app = express();
	const router = express.Router();
	router.get('/declared', serves('listCollections'), (_request, response) => response.json({ok: true}));
	router.get('/forgotten', (_request, response) => response.json({secret: true}));
	app.use((_request, response, next) => {
		response.locals.authentication = {kind: 'owner', via: 'api-key'};
		next();
	});
	app.use(router);
	app.use(errorHandler(line => logged.push(line)));
	refuseUndeclared(routesOf(app), line => logged.push(line));
	const server = app.listen(0);
	t.teardown(() => server.close());
	await new Promise(resolve => server.once('listening', resolve));
	const {port} = server.address() as {port: number};
	t.is((await fetch(`http://127.0.0.1:${port}/declared`)).status, 200);
	const forgotten = await fetch(`http://127.0.0.1:${port}/forgotten`);
	t.is(forgotten.status, 500);
	t.deepEqual(await forgotten.json(), {error: {code: 'undeclared_route', message: 'route GET /forgotten declares no permission, so it is refused'}});
	t.true(logged.some(line => line.includes('route GET /forgotten declares no permission')));
});

test('every MCP tool declares its permission (in _meta, as clients see it in tools/list)', async t => {
	const {engine} = openEngine();
	t.teardown(async () => engine.close());
	const useCases = createUseCases({engine, jobs: new JobRegistry(), followers: new SourceFollowers(engine, {log: () => undefined}), version: 'test', startedAt: Date.now()});
	const server = await createMcpServer({useCases, actor: Actor.owner([]), readOnly: false});
	const client = new Client({name: 'walk', version: '1'});
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	await client.connect(clientSide);
	t.teardown(async () => client.close());
	const {tools} = await client.listTools();
	t.is(tools.length, 8);
	t.deepEqual(tools.map(tool => tool.name).sort(), mcpTools.map(tool => tool.name).sort());
	for (const tool of tools) {
		const operation = mcpTools.find(definition => definition.name === tool.name)?.operation;
		const declared = isOperation(operation) ? {permission: operations[operation]} : undefined;
		t.truthy(declared, `${tool.name} declares a permission`);
		t.is(tool._meta?.['md-vector/permission'], declared?.permission, tool.name);
	}
});

test('a registered tool without a declaration is refused, even for the owner: a tool error marked 403', async t => {
	const server = new McpServer({name: 'x', version: '1'});
	let ran = false;
	const forgotten = {
		name: 'forgotten', operation: 'nothing' as Operation, writes: false, title: 'forgotten', description: 'serves no known operation',
		async run() {
			ran = true;
			return {};
		},
	} as const;
	registerTool(server, forgotten, {useCases: undefined as never, actor: Actor.owner([]), readOnly: false});
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({name: 'walk', version: '1'});
	await client.connect(clientSide);
	t.teardown(async () => client.close());
	const result = await client.callTool({name: 'forgotten', arguments: {}});
	t.like(result, {isError: true, content: [{type: 'text', text: 'tool forgotten declares no permission, so it is refused'}], _meta: {'md-vector/status': 403}});
	t.false(ran, 'the tool did not run');
});

test('a client with one permission is refused (403) on every route that needs another, walked from the app', async t => {
	const app = await serveApp({
		apiKey: 'owner-key', env: {S_KEY: 's-key'}, clients: [{label: 'searcher', key: '${S_KEY}'}],
		capabilities: [{identifier: 'searcher', clients: ['searcher'], permissions: ['search:default']}],
	});
	t.teardown(async () => app.close());
	const routes = routesOf(createApp(app.deps)).filter(route => route.need?.kind === 'permission' && route.need.permission !== 'search:default');
	t.true(routes.length >= 10);
	for (const route of routes) {
		const path = route.path.replace(':id', 'some-job').replace('*file_name', 'a.md');
		const method = route.methods[0]!;
		const answer = await app.request(method, path, {headers: {'x-api-key': 's-key'}, body: method === 'GET' || method === 'DELETE' ? undefined : {}});
		t.is(answer.status, 403, `${method} ${path}: ${answer.text}`);
		t.regex(answer.body.error.message, new RegExp(`client 'searcher' lacks '${route.need!.kind === 'permission' ? route.need!.permission : ''}'`));
	}
});
