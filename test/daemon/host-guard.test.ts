// DNS rebinding: one Host/Origin guard in front of everything the daemon serves (REST, jobs, job events, MCP,
// /health). In-process against createApp with a real engine.
import os from 'node:os';
import test from 'ava';
import {knownHostNames} from '../../daemon/http/host-guard.js';
import {serveApp, type AppServer} from '../helpers/app.js';

const evil = (app: AppServer) => `rebind.evil.example:${app.port}`;
const mcpList = {jsonrpc: '2.0', id: 1, method: 'tools/list'};
const mcpHeaders = {accept: 'application/json, text/event-stream'};

/** Everything a page could reach once its name points at 127.0.0.1. */
const everything: Array<[string, string, unknown?, Record<string, string>?]> = [
	['GET', '/api/v1/health'],
	['GET', '/api/v1/export'],
	['GET', '/api/v1/collections'],
	['POST', '/api/v1/search', {query: 'secret', mode: 'keyword'}],
	['POST', '/api/v1/ingest', {file_path: `${os.homedir()}/notes.md`}],
	['POST', '/api/v1/jobs/ingest-directory', {directory: os.homedir()}],
	['DELETE', '/api/v1/documents/a.md'],
	['GET', '/api/v1/jobs'],
	['GET', '/api/v1/jobs/x/events'],
	['POST', '/mcp', mcpList, mcpHeaders],
];

test('no key: a rebinding page (foreign Host and its own Origin) gets 403 from everything, also with a made-up key', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	for (const [method, route, body, extra] of everything) {
		const keys: Array<Record<string, string>> = [{}, {'x-api-key': 'made-up'}, {authorization: 'Bearer made-up'}];
		for (const key of keys) {
			const answer = await app.request(method, route, {body, headers: {host: evil(app), origin: `http://${evil(app)}`, ...extra, ...key}});
			t.is(answer.status, 403, `${method} ${route} ${JSON.stringify(key)}`);
			t.is(answer.body.error.code, 'forbidden');
			t.regex(answer.body.error.message, /DNS-rebinding guard/);
		}

		const plain = await app.request(method, route, {body, headers: {host: evil(app), ...extra}});
		t.is(plain.status, 403, `${method} ${route} without Origin`);
	}
});

test('no key: the same requests under a loopback Host pass the guard', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	for (const host of [`127.0.0.1:${app.port}`, `localhost:${app.port}`, `[::1]:${app.port}`, `127.1.2.3:${app.port}`]) {
		for (const [method, route, body, extra] of everything) {
			const answer = await app.request(method, route, {body, headers: {host, ...extra}});
			t.not(answer.status, 403, `${method} ${route} under ${host}: ${answer.text}`);
		}
	}
});

test('Origin: loopback pages pass; another site is 403, also as a request without Origin from a cross-site page', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:5173']) {
		t.is((await app.request('GET', '/api/v1/collections', {headers: {origin}})).status, 200, origin);
	}

	for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example']) {
		const answer = await app.request('GET', '/api/v1/collections', {headers: {origin}});
		t.is(answer.status, 403, origin);
		t.regex(answer.body.error.message, /unexpected Origin/);
	}

	const image = await app.request('GET', '/api/v1/export', {headers: {'sec-fetch-site': 'cross-site'}});
	t.is(image.status, 403);
	t.is((await app.request('GET', '/api/v1/collections', {headers: {'sec-fetch-site': 'same-origin'}})).status, 200);
});

test('with a key: under any Host a request that authenticates passes; without the key 403, with a wrong one 401', async t => {
	const app = await serveApp({apiKey: 'owner-key'});
	t.teardown(async () => app.close());
	const host = `nas.lan:${app.port}`;
	t.is((await app.request('GET', '/api/v1/collections', {headers: {host, 'x-api-key': 'owner-key'}})).status, 200);
	t.is((await app.request('GET', '/api/v1/health', {headers: {host, authorization: 'Bearer owner-key'}})).status, 200, '/health too, with the key');
	const none = await app.request('GET', '/api/v1/health', {headers: {host}});
	t.is(none.status, 403);
	t.regex(none.body.error.message, /unexpected Host 'nas\.lan:\d+'.*MD_VECTOR_ALLOWED_HOSTS/);
	const wrong = await app.request('GET', '/api/v1/collections', {headers: {host, 'x-api-key': 'nope'}});
	t.is(wrong.status, 401);
	t.is(wrong.body.error.message, 'invalid API key');
});

test('a Host that is not a name or a bracketed IPv6 address with a numeric port is refused like a foreign name, before authentication, also with the key', async t => {
	const app = await serveApp({apiKey: 'owner-key'});
	t.teardown(async () => app.close());
	const malformed = [
		`[::1].evil.example:${app.port}`, '[::1].evil.example', 'localhost:evil', `localhost:${app.port}:1`, `127.0.0.1:${app.port}x`, '[::1]x',
		`[127.0.0.1]:${app.port}`, '[::1', 'localhost:99999', 'local host', `localhost@evil.example:${app.port}`, `evil.example:${app.port}/x`,
	];
	for (const host of malformed) {
		for (const headers of [{host}, {host, 'x-api-key': 'owner-key'}] as Array<Record<string, string>>) {
			const answer = await app.request('GET', '/api/v1/collections', {headers});
			t.is(answer.status, 403, `${host} ${JSON.stringify(headers)}`);
			t.regex(answer.body.error.message, /unexpected Host .*DNS-rebinding guard/, host);
		}
	}

	t.is((await app.request('GET', '/api/v1/collections', {headers: {host: 'evil.example'}})).status, 403, 'a foreign name without the key: refused the same way');
	for (const host of [`[::1]:${app.port}`, '[::1]', `localhost:${app.port}`, 'localhost', `[0:0:0:0:0:0:0:1]:${app.port}`, `[::ffff:127.0.0.1]:${app.port}`]) {
		t.is((await app.request('GET', '/api/v1/collections', {headers: {host, 'x-api-key': 'owner-key'}})).status, 200, host);
	}
});

test('MD_VECTOR_ALLOWED_HOSTS and the bound address are accepted names', async t => {
	const app = await serveApp({allowedHosts: ['notes.internal'], host: '127.0.0.1'});
	t.teardown(async () => app.close());
	t.is((await app.request('GET', '/api/v1/collections', {headers: {host: `NOTES.internal:${app.port}`}})).status, 200);
	t.is((await app.request('GET', '/api/v1/collections', {headers: {host: 'notes.internal'}})).status, 200, 'without a port');
	t.is((await app.request('GET', '/api/v1/collections', {headers: {host: `notes.internal.evil.example:${app.port}`}})).status, 403);
	t.is((await app.request('GET', '/api/v1/collections', {headers: {origin: 'http://notes.internal:9000'}})).status, 200, 'an Origin on an accepted name');
});

test('a daemon bound to every interface knows this machine\'s addresses and host name; a loopback one only loopback', t => {
	const everywhere = knownHostNames('0.0.0.0', []);
	const addresses = Object.values(os.networkInterfaces()).flat().map(entry => entry!.address);
	t.true(addresses.length > 0);
	for (const address of addresses) {
		t.true(everywhere(address.includes(':') ? `[${address}]` : address), address);
	}

	t.true(everywhere(os.hostname()));
	const loopback = knownHostNames('127.0.0.1', ['a.lan']);
	t.true(loopback('localhost') && loopback('127.0.0.1') && loopback('[::1]') && loopback('A.LAN'));
	t.is(loopback(os.hostname()), os.hostname() === 'localhost', 'not the machine\'s name');
	t.false(loopback('rebind.evil.example'));
	t.false(loopback('127.0.0.1.evil.example'), 'a name that starts like a loopback address (issue 16 suite, F-dns-rebinding)');
});

test('a preflight from a page that a capability allows is answered under a LAN name; its request then needs the key', async t => {
	const app = await serveApp({
		apiKey: 'owner-key', env: {WEB_KEY: 'web-key'}, clients: [{label: 'web', key: '${WEB_KEY}'}],
		capabilities: [{identifier: 'web-page', clients: ['web'], local: false, remote: {urls: ['https://notes.example.com']}, permissions: ['search:default']}],
	});
	t.teardown(async () => app.close());
	const headers = {host: `nas.lan:${app.port}`, origin: 'https://notes.example.com'};
	const preflight = await app.request('OPTIONS', '/api/v1/search', {headers: {...headers, 'access-control-request-method': 'POST'}});
	t.is(preflight.status, 204);
	t.is(preflight.headers['access-control-allow-origin'], 'https://notes.example.com');
	t.is((await app.request('POST', '/api/v1/search', {headers, body: {query: 'x'}})).status, 403, 'no key: refused by Host');
	const search = await app.request('POST', '/api/v1/search', {headers: {...headers, 'x-api-key': 'web-key'}, body: {query: 'x', mode: 'keyword'}});
	t.is(search.status, 404, 'through the guard and the permission check to the route (the collection does not exist)');
	t.is(search.headers['access-control-allow-origin'], 'https://notes.example.com');
});
