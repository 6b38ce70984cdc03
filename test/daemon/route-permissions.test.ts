// Deny by default: every route and every MCP tool declares the permission it needs; a test walks Express's
// router stack and the MCP server's tools and fails on one without a declaration; undeclared ones are refused.
import test from 'ava';
import express from 'express';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {collectionPermissions} from '../../common/capabilities/permission-catalogue.js';
import {createApp} from '../../daemon/app.js';
import {errorHandler} from '../../daemon/http/error-handler.js';
import {needs} from '../../daemon/http/needs.js';
import {refuseUndeclared, routesOf} from '../../daemon/http/route-declarations.js';
import {createMcpServer} from '../../daemon/mcp/tools.js';
import {checkToolCalls, declaring, registeredTools, toolNeedOf} from '../../daemon/mcp/tool-needs.js';
import {serveApp} from '../helpers/app.js';
import {openEngine} from '../helpers/engine.js';

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
	for (const expected of ['/api/v1/health', '/api/v1/search', '/api/v1/documents/*file_name', '/api/v1/jobs/:id/events', '/api/v1/export', '/api/v1/import', '/mcp']) {
		t.true(paths.has(expected), expected);
	}

	t.deepEqual(routes.filter(route => route.need?.kind === 'open').map(route => route.path), ['/api/v1/health'], 'only /health is open');
});

test('a route without a declaration answers 500 by construction, and says why', async t => {
	const logged: string[] = [];
	const app = express();
	const router = express.Router();
	router.get('/declared', needs('collections:read', 'none'), (_request, response) => response.json({ok: true}));
	router.get('/forgotten', (_request, response) => response.json({secret: true}));
	app.use((_request, response, next) => {
		response.locals.caller = {kind: 'owner', via: 'api-key'};
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
	const server = createMcpServer({engine, readOnly: false, readable: [], visible: () => true});
	const client = new Client({name: 'walk', version: '1'});
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	await client.connect(clientSide);
	t.teardown(async () => client.close());
	const {tools} = await client.listTools();
	t.is(tools.length, 6);
	t.deepEqual(tools.map(tool => tool.name).sort(), registeredTools(server).sort());
	for (const tool of tools) {
		const declared = toolNeedOf(server, tool.name);
		t.truthy(declared, `${tool.name} declares a permission`);
		t.is(tool._meta?.['md-vector/permission'], declared?.permission, tool.name);
	}
});

test('a registered tool without a declaration is refused (403), even for the owner', t => {
	const server = declaring(new McpServer({name: 'x', version: '1'}));
	server.registerTool('forgotten', {description: 'no _meta'}, () => ({content: []}));
	const request: Partial<express.Request> = {body: {jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'forgotten', arguments: {}}}};
	const response = {locals: {caller: {kind: 'owner', via: 'api-key'}}} as unknown as express.Response;
	const error = t.throws(() => {
		checkToolCalls(request as express.Request, response, server);
	});
	t.like(error, {status: 403, code: 'forbidden', message: 'tool forgotten declares no permission, so it is refused'});
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
