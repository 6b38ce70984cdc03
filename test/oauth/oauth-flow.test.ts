// OAuth sign-in end to end, as an assistant's host does it: the MCP SDK's client-side OAuth (discovery, dynamic
// registration, PKCE, token exchange, refresh) against a real daemon, and a real browser (Debian's Chromium via
// playwright-core) on md-vector's consent page. The entry's URL is the one `md-vector mcp-config --type http` prints.
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type {BrowserContext, Page} from 'playwright-core';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {UnauthorizedError} from '@modelcontextprotocol/sdk/client/auth.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {SSEClientTransport} from '@modelcontextprotocol/sdk/client/sse.js';
import {startDaemon, type RunningDaemon} from '../helpers/daemon.js';
import {cli, type Cli} from '../helpers/cli.js';
import {launchBrowser} from '../helpers/browser.js';
import {startCallbackServer, type CallbackServer} from '../helpers/callback-server.js';
import {TestOAuthProvider} from '../helpers/oauth-client.js';
import {repoRoot, temporaryDirectory} from '../helpers/paths.js';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token-header.js';
import {poll} from '../../source/client/poll.js';
import {refusalOf} from '../helpers/mcp-refusal.js';

type ToolResult = {isError?: boolean; structuredContent?: any; content: Array<{type: string; text?: string}>};

let browser: BrowserContext;
let callbacks: CallbackServer;
/** One daemon serves every flow but the expiry one; each flow's application has a name (and so a label) of its own. */
let shared: Setup;

type Setup = {daemon: RunningDaemon; md: Cli; mcpUrl: URL; sseUrl: URL};

/**
 * A daemon with two collections, and the CLI of its owner (same home, its configured port). `config`: files of
 * its config folder (capability files, clients.json) written before it starts.
 */
async function setUp(env: Record<string, string> = {}, config: Record<string, unknown> = {}): Promise<Setup> {
	const home = temporaryDirectory();
	for (const [file, content] of Object.entries(config)) {
		mkdirSync(path.dirname(path.join(home, 'config', file)), {recursive: true});
		writeFileSync(path.join(home, 'config', file), JSON.stringify(content));
	}

	const daemon = await startDaemon(env, home);
	const owner = {[localTokenHeader]: readDiscovery(path.join(home, 'state'))!.token};
	for (const [collection, text] of [['notes', '# Compost\n\nTurn the compost heap weekly.\n'], ['private', '# Diary\n\nCompost secrets.\n']]) {
		const response = await daemon.request('POST', '/api/v1/ingest', {content: text, file_name: `${collection}.md`, collection}, owner);
		if (response.status !== 200) {
			throw new Error(JSON.stringify(response.body));
		}
	}

	const md = cli({MD_VECTOR_PORT: new URL(daemon.url).port}, daemon.home);
	const entry = async (type: string) => {
		const printed = await md.run(['mcp-config', '--type', type]);
		const server = JSON.parse(String(printed.stdout)).mcpServers['md-vector'];
		if (Object.keys(server).sort().join(',') !== 'type,url' || String(printed.stderr) !== '') {
			throw new Error(`not a URL-only entry: ${String(printed.stdout)} ${String(printed.stderr)}`);
		}

		return new URL(server.url as string);
	};

	return {daemon, md, mcpUrl: await entry('http'), sseUrl: await entry('sse')};
}

test.before(async () => {
	[browser, callbacks, shared] = await Promise.all([launchBrowser(), startCallbackServer(), setUp()]);
});
test.after.always(async () => {
	await browser?.close();
	await callbacks?.close();
	await shared?.daemon.stop();
});

const call = async (client: Client, name: string, arguments_: Record<string, unknown> = {}) => client.callTool({name, arguments: arguments_}) as Promise<ToolResult>;

/** The host's first connection: 401, discovery, registration, and a redirect to the authorization URL. */
async function startSignIn(setup: Setup, provider: TestOAuthProvider): Promise<URL> {
	const before = provider.authorizations.length;
	const client = new Client({name: 'host', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(setup.mcpUrl, {authProvider: provider})).then(() => {
		throw new Error('connected without signing in');
	}, (error: unknown) => {
		if (!(error instanceof UnauthorizedError)) {
			throw error;
		}
	});
	if (provider.authorizations.length !== before + 1) {
		throw new Error('the client was not sent to sign in');
	}

	return provider.authorizations.at(-1)!;
}

/** The browser opens the authorization URL (the sign-in page), then the owner's one-time link (the consent form). */
async function openConsent(setup: Setup, page: Page, authorization: URL): Promise<string> {
	await page.goto(authorization.href);
	await page.getByText('md-vector clients sign-in').first().waitFor();
	const link = await setup.md.json(['clients', 'sign-in', '--no-open']);
	const response = await page.goto(link.url as string);
	await page.getByRole('button', {name: 'Allow'}).waitFor();
	return response!.headers()['content-security-policy']!;
}

/** Finishes the sign-in with the code the browser brought back, and connects as the host then does. */
async function connectAfter(setup: Setup, provider: TestOAuthProvider, code: string): Promise<Client> {
	await new StreamableHTTPClientTransport(setup.mcpUrl, {authProvider: provider}).finishAuth(code);
	const client = new Client({name: 'host', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(setup.mcpUrl, {authProvider: provider}));
	return client;
}

test.serial('Allow: the owner narrows the grant on the consent page; the assistant searches only that collection, over /mcp and /sse', async t => {
	const setup = shared;
	const provider = new TestOAuthProvider(callbacks.url, 'Claude Code');
	const authorization = await startSignIn(setup, provider);
	t.is(authorization.origin, setup.mcpUrl.origin, 'md-vector is its own authorization server');
	t.is(authorization.searchParams.get('code_challenge_method'), 'S256');

	const page = await browser.newPage();
	t.teardown(async () => page.close());
	const policy = await openConsent(setup, page, authorization);
	t.regex(policy, /frame-ancestors 'none'/);
	t.regex(await page.content(), /Allow <b>Claude Code<\/b> to use your md-vector\?/);
	const label = `oauth:${provider.information!.client_id}`;
	t.true((await page.content()).includes(`It will be known as <code>${label}</code> (the name above is the one it gave itself, and grants it nothing)`));
	if (process.env.MD_VECTOR_UPDATE_MEDIA === '1') { // docs/mcp-and-permissions.md's picture: npm run build && MD_VECTOR_UPDATE_MEDIA=1 npx ava dist/test/oauth/oauth-flow.test.js
		await page.setViewportSize({width: 760, height: 720});
		await page.screenshot({path: path.join(repoRoot, 'media', 'consent.png'), fullPage: true});
	}

	await page.getByLabel('Only these:').check();
	await page.getByLabel('notes').check();
	await page.getByRole('button', {name: 'Allow'}).click();
	const {code, state} = await callbacks.next();
	t.truthy(code);
	t.is(state, authorization.searchParams.get('state') ?? undefined);

	const client = await connectAfter(setup, provider, code!);
	t.teardown(async () => client.close());
	t.regex(client.getInstructions() ?? '', /Collections: notes \(1 document\)\./, 'the instructions name only what it may use');
	const found = await call(client, 'search', {query: 'compost', mode: 'keyword'});
	t.deepEqual(found.structuredContent.collections, ['notes'], 'no collection named: every collection it may search');
	t.deepEqual(found.structuredContent.results.map((hit: {collection: string}) => hit.collection), ['notes']);
	const refused = refusalOf(t, await call(client, 'search', {query: 'compost', collection: 'private'}));
	t.regex(refused.message, /lacks 'search:default' on collection 'private'/);
	t.true((await client.listTools()).tools.map(tool => tool.name).includes('search'));

	const sse = new Client({name: 'host', version: '1.0.0'});
	// eslint-disable-next-line @typescript-eslint/no-deprecated -- the legacy transport, which some hosts still use
	await sse.connect(new SSEClientTransport(setup.sseUrl, {authProvider: provider}));
	t.teardown(async () => sse.close());
	t.deepEqual((await call(sse, 'search', {query: 'compost', mode: 'keyword'})).structuredContent.collections, ['notes'], 'the same token over the legacy SSE transport');

	const rest = await fetch(new URL('/api/v1/collections', setup.mcpUrl), {headers: {authorization: `Bearer ${provider.saved!.access_token}`}});
	t.is(rest.status, 401, 'an OAuth token is for the MCP endpoints only');
	t.regex((await rest.json() as {error: {message: string}}).error.message, /works on the MCP endpoints \(\/mcp, \/sse\) only/);

	const listed = await setup.md.json(['clients', 'list']);
	t.like(listed.clients.find((entry: {label: string}) => entry.label === label), {kind: 'oauth', client_name: 'Claude Code', collections: ['notes'], permissions: ['search:default', 'collections:read']});
	const stored = ['oauth.sqlite', 'oauth.sqlite-wal'].map(name => path.join(setup.daemon.home, 'data', name)).filter(file => existsSync(file)).map(file => readFileSync(file, 'latin1')).join('');
	for (const secret of [provider.saved!.access_token, provider.saved!.refresh_token!]) {
		t.false(stored.includes(secret), 'tokens are stored as hashes only');
		t.false(setup.daemon.log().includes(secret), 'and never logged');
	}
});

test.serial('Deny: no code, no token; the assistant stays signed out', async t => {
	const setup = shared;
	const provider = new TestOAuthProvider(callbacks.url, 'Cursor');
	const authorization = await startSignIn(setup, provider);
	const page = await browser.newPage();
	t.teardown(async () => page.close());
	await page.goto(authorization.href);
	await page.getByText('md-vector clients sign-in').first().waitFor();
	const printed = await setup.md.run(['clients', 'sign-in', '--no-open']); // as a person reads it
	t.is(printed.exitCode, 0, String(printed.stderr));
	const [, code, url] = /^Open the consent page for 'Cursor' \(request (\S+)\): (http:\/\/127\.0\.0\.1:\d+\/oauth\/sign-in\?ticket=\S+)$/m.exec(String(printed.stdout)) ?? [];
	t.truthy(url, String(printed.stdout));
	t.regex(String(printed.stderr), /The link works once, for 5 minutes\./);
	await page.goto(url!);
	await page.getByRole('button', {name: 'Deny'}).waitFor();
	t.true((await page.content()).includes(`Request ${code!} ·`), 'the consent form of the request the command named');
	await page.getByRole('button', {name: 'Deny'}).click();
	const answer = await callbacks.next();
	t.is(answer.code, undefined);
	t.is(answer.error, 'access_denied');
	t.is(provider.saved, undefined);
	await startSignIn(setup, provider); // still 401, back to the sign-in
	t.false((await setup.md.json(['clients', 'list'])).clients.some((entry: {client_name?: string}) => entry.client_name === 'Cursor'), 'nothing was granted');
});

test.serial('an expired access token is refreshed (the refresh token rotates), without asking again; a rotated refresh token used again revokes them all', async t => {
	const setup = await setUp({MD_VECTOR_OAUTH_ACCESS_TTL_S: '1'});
	t.teardown(async () => setup.daemon.stop());
	const provider = new TestOAuthProvider(callbacks.url, 'Claude Desktop');
	const page = await browser.newPage();
	t.teardown(async () => page.close());
	await openConsent(setup, page, await startSignIn(setup, provider));
	await page.getByRole('button', {name: 'Allow'}).click();
	const client = await connectAfter(setup, provider, (await callbacks.next()).code!);
	t.teardown(async () => client.close());

	const first = provider.saved!;
	const stillValid = async () => (await fetch(setup.mcpUrl, {method: 'POST', headers: {authorization: `Bearer ${first.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream'}, body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})})).status !== 401;
	while (await stillValid()) { // the daemon's clock decides: wait until it says the token expired (1 s)
		await new Promise(resolve => setImmediate(resolve));
	}

	const found = await call(client, 'search', {query: 'compost', mode: 'keyword'});
	t.deepEqual(found.structuredContent.collections, ['notes', 'private']);
	const refreshed = provider.saved!;
	t.not(refreshed.access_token, first.access_token, 'a new access token');
	t.not(refreshed.refresh_token, first.refresh_token, 'and a new refresh token');
	t.is(provider.authorizations.length, 1, 'no new consent');
	const reused = await fetch(new URL('/token', setup.mcpUrl), {method: 'POST', headers: {'content-type': 'application/x-www-form-urlencoded'}, body: new URLSearchParams({grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: provider.information!.client_id})});
	t.is(reused.status, 400);
	t.like(await reused.json(), {error: 'invalid_grant'}, 'a refresh token works once');
	// Presented twice, the token was copied: the tokens its rotation issued are revoked too (RFC 9700 4.14).
	const mcpStatus = async (accessToken: string) => (await fetch(setup.mcpUrl, {method: 'POST', headers: {authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream'}, body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})})).status;
	t.is(await mcpStatus(refreshed.access_token), 401, 'the access token of the rotation no longer works');
	const later = await fetch(new URL('/token', setup.mcpUrl), {method: 'POST', headers: {'content-type': 'application/x-www-form-urlencoded'}, body: new URLSearchParams({grant_type: 'refresh_token', refresh_token: refreshed.refresh_token!, client_id: provider.information!.client_id})});
	t.like(await later.json(), {error: 'invalid_grant'}, 'nor its refresh token');
	await t.throwsAsync(call(client, 'search', {query: 'compost', mode: 'keyword'}), {instanceOf: UnauthorizedError}, 'the host is sent to sign in again');
	t.is(provider.authorizations.length, 2);
});

test.serial('revoked: the token gets 401, refresh fails, and the host is sent to the consent page again', async t => {
	const setup = shared;
	const provider = new TestOAuthProvider(callbacks.url, 'Zed');
	const page = await browser.newPage();
	t.teardown(async () => page.close());
	await openConsent(setup, page, await startSignIn(setup, provider));
	await page.getByRole('button', {name: 'Allow'}).click();
	const client = await connectAfter(setup, provider, (await callbacks.next()).code!);
	t.teardown(async () => client.close());
	t.falsy((await call(client, 'list_collections')).isError);
	const old = provider.saved!;

	t.like(await setup.md.json(['clients', 'revoke', 'zed']), {revoked: true});
	const raw = await fetch(setup.mcpUrl, {method: 'POST', headers: {authorization: `Bearer ${old.access_token}`, 'content-type': 'application/json'}, body: '{}'});
	t.is(raw.status, 401);
	t.regex(raw.headers.get('www-authenticate')!, /resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/);
	t.like(await raw.json(), {error: {code: 'unauthorized', message: 'the OAuth access token is unknown, expired or revoked: sign in again'}});
	await t.throwsAsync(call(client, 'list_collections'), {instanceOf: UnauthorizedError});
	t.is(provider.authorizations.length, 2, 'sent to sign in again');
	t.is(provider.saved, undefined, 'the host dropped the dead tokens');

	await openConsent(setup, page, provider.authorizations[1]!);
	await page.getByRole('button', {name: 'Allow'}).click();
	const again = await connectAfter(setup, provider, (await callbacks.next()).code!);
	t.teardown(async () => again.close());
	t.falsy((await call(again, 'list_collections')).isError, 'signed in again');
});

test.serial('a cross-site form post to the consent endpoint is refused, even with the page\'s own proof', async t => {
	const setup = shared;
	const provider = new TestOAuthProvider(callbacks.url, 'Windsurf');
	const page = await browser.newPage();
	t.teardown(async () => page.close());
	await openConsent(setup, page, await startSignIn(setup, provider));
	const field = async (name: string) => page.locator(`input[name=${name}]`).getAttribute('value');
	const [request, proof] = [await field('request'), await field('proof')];

	const attacker = await browser.newPage();
	t.teardown(async () => attacker.close());
	const consent = new URL('/oauth/consent', setup.mcpUrl).href;
	const url = callbacks.serve(`<form id="f" method="post" action="${consent}"><input name="request" value="${request}"><input name="proof" value="${proof}">`
		+ '<input name="decision" value="allow"><input name="scope" value="all"><input name="permission" value="search:default"></form><script>document.getElementById("f").submit()</script>');
	t.not(new URL(url).origin, setup.mcpUrl.origin, 'another origin (same host, another port)');
	const [answer] = await Promise.all([attacker.waitForResponse(consent), attacker.goto(url)]);
	t.is(answer.status(), 403);
	t.like(await answer.json(), {error: {code: 'cross_site_request'}});

	const framed = await attacker.goto(new URL(`/oauth/consent?request=${request!}`, setup.mcpUrl).href);
	t.is(framed!.headers()['x-frame-options'], 'DENY', 'no page may frame the consent page');
	await page.getByRole('button', {name: 'Deny'}).click(); // still waiting: the owner can answer it
	t.is((await callbacks.next()).error, 'access_denied');
});

test.serial('a chosen name grants nothing: registered as "team-x" where capabilities grant "team-*" and "*" every right, it may do what the owner ticked only', async t => {
	const everything = ['ingest:default', 'documents:delete', 'search:default', 'collections:read', 'export:default'];
	const setup = await setUp({}, {'capabilities/teams.json': {identifier: 'teams', clients: ['team-*', '*', 'oauth*', '**'], permissions: everything}});
	t.teardown(async () => setup.daemon.stop());
	const provider = new TestOAuthProvider(callbacks.url, 'team-x');
	const page = await browser.newPage();
	t.teardown(async () => page.close());
	await openConsent(setup, page, await startSignIn(setup, provider));
	await page.getByLabel('Only these:').check();
	await page.getByLabel('notes').check();
	await page.getByRole('button', {name: 'Allow'}).click();
	const client = await connectAfter(setup, provider, (await callbacks.next()).code!);
	t.teardown(async () => client.close());
	const label = `oauth:${provider.information!.client_id}`;

	t.deepEqual((await call(client, 'search', {query: 'compost', mode: 'keyword'})).structuredContent.collections, ['notes'], 'what the owner ticked');
	t.deepEqual((await client.listTools()).tools.map(entry => entry.name).sort(), ['get_document_section', 'get_documents', 'list_collections', 'list_sources', 'search', 'stats'], 'no write tool is offered to it');
	for (const [tool, arguments_] of [['ingest', {content: '# Pwned\n', file_name: 'pwned.md', collection: 'notes'}], ['delete_document', {file: 'notes.md', collection: 'notes'}]] as const) {
		const failed = await call(client, tool, arguments_).catch((error: unknown) => ({isError: true, content: [{type: 'text', text: (error as Error).message}]}));
		t.true(failed.isError, tool);
		t.regex(failed.content[0]!.text!, new RegExp(`Tool ${tool} not found`), tool);
	}

	const refused = refusalOf(t, await call(client, 'search', {query: 'compost', collection: 'private'}));
	t.regex(refused.message, /lacks 'search:default' on collection 'private'/);
	t.regex(refused.message, new RegExp(`client '${label}'`), 'known by its label, not its name');

	const listed = (await setup.md.json(['clients', 'list'])).clients.find((entry: {kind: string}) => entry.kind === 'oauth');
	t.like(listed, {label, client_name: 'team-x', permissions: ['search:default', 'collections:read'], collections: ['notes']});

	// A capability file that names the label exactly may still grant it more: the owner's decision, by a name the client did not choose.
	writeFileSync(path.join(setup.daemon.home, 'config', 'capabilities', 'team-x-writes.json'), JSON.stringify({identifier: 'team-x-writes', clients: [label], permissions: [{identifier: 'ingest:default', allow: [{collection: 'notes'}]}]}));
	const ingested = await poll(async () => {
		const result = await call(client, 'ingest', {content: '# Granted\n', file_name: 'granted.md', collection: 'notes'}).catch(() => undefined);
		return result && !result.isError ? result : undefined;
	}, 30_000);
	t.truthy(ingested, 'granted by a capability that names oauth:<client id>');

	const revoked = await setup.md.run(['clients', 'revoke', 'team-x']);
	t.is(revoked.exitCode, 0, String(revoked.stderr));
	t.is(String(revoked.stdout), `Revoked '${label}' (team-x): its tokens no longer work; it has to ask you again.`, 'revoked by its name, when only one has it');
});

test.serial('redirect addresses: /register refuses userinfo and fragments; /authorize refuses a registered address with a fragment or user@ added', async t => {
	const setup = shared;
	const register = async (uri: string) => fetch(new URL('/register', setup.mcpUrl), {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({client_name: 'x', redirect_uris: [uri], token_endpoint_auth_method: 'none'})});
	for (const uri of [`${callbacks.url}#frag`, callbacks.url.replace('://', '://evil@'), callbacks.url.replace('://', '://@')]) {
		const refused = await register(uri);
		t.is(refused.status, 400, uri);
		t.like(await refused.json(), {error: 'invalid_client_metadata'}, uri);
	}

	const registered = await register(callbacks.url);
	t.is(registered.status, 201);
	const {client_id: clientId} = await registered.json() as {client_id: string};
	const authorize = async (redirectUri: string) => fetch(new URL(`/authorize?${new URLSearchParams({
		client_id: clientId, redirect_uri: redirectUri, response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 's',
	})}`, setup.mcpUrl), {redirect: 'manual'});
	const callback = new URL(callbacks.url);
	const otherPort = new URL(callbacks.url);
	otherPort.port = String(Number(callback.port) === 65_535 ? 1024 : Number(callback.port) + 1);
	for (const uri of [`${callbacks.url}#frag`, `${callbacks.url}#`, callbacks.url.replace('://', '://evil@'), `${callback.protocol}//${callback.host}@evil.example${callback.pathname}`]) {
		const refused = await authorize(uri);
		t.is(refused.status, 400, uri);
		t.is(refused.headers.get('location'), null, 'never sent anywhere');
		t.like(await refused.json(), {error: 'invalid_request'}, uri);
	}

	for (const uri of [callbacks.url, otherPort.href]) {
		const accepted = await authorize(uri);
		t.is(accepted.status, 303, uri);
		t.regex(accepted.headers.get('location') ?? '', /^\/oauth\/consent\?request=/, 'to the consent page');
	}
});
