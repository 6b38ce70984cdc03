// The authorization server's rules with an injected clock: an access token lives exactly its lifetime, a refresh
// token works once, a code works once, revoking ends every token, and registration refuses unsafe redirects.
// (The same flows run end to end, with a browser, in oauth-flow.test.ts.)
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {OAuth} from '../../daemon/oauth/oauth.js';
import {oauthSettings} from '../../daemon/oauth/oauth-settings.js';
import {OAuthStore, mostUnapproved, oauthFile} from '../../daemon/oauth/oauth-store.js';
import {registrationLimits} from '../../daemon/oauth/oauth-provider.js';
import {hashSecret} from '../../daemon/oauth/secrets.js';
import {temporaryDirectory} from '../helpers/paths.js';

function server() {
	let now = Date.UTC(2026, 0, 1);
	const dataDir = temporaryDirectory('md-vector-oauth-unit-');
	const oauth = new OAuth({dataDir, settings: oauthSettings({}), collections: async () => [], nowMs: () => now});
	const advance = (seconds: number) => {
		now += seconds * 1000;
	};

	return {oauth, dataDir, advance};
}

async function signedIn(oauth: OAuth) {
	const registered = await oauth.provider.clientsStore.registerClient!({client_name: 'Test Host', redirect_uris: ['http://127.0.0.1:5000/cb'], client_id: 'c1'} as any);
	oauth.store.saveGrant({label: 'oauth:c1', client_id: registered.client_id, client_name: 'Test Host', permissions: ['search:default'], collections: null, granted_at: 0});
	const code = oauth.provider.codes.issue({clientId: registered.client_id, label: 'oauth:c1', scopes: ['search:default'], codeChallenge: 'x', redirectUri: 'http://127.0.0.1:5000/cb'});
	return {client: registered, code, tokens: await oauth.provider.exchangeAuthorizationCode(registered, code)};
}

test('an access token lives one hour; a refresh token works once and rotates', async t => {
	const {oauth, advance, dataDir} = server();
	const {client, code, tokens} = await signedIn(oauth);
	t.like(tokens, {token_type: 'Bearer', expires_in: 3600, scope: 'search:default'});
	t.like(await oauth.provider.verifyAccessToken(tokens.access_token), {clientId: 'c1', scopes: ['search:default']});
	await t.throwsAsync(oauth.provider.exchangeAuthorizationCode(client, code), {message: /unknown, used or expired/}, 'a code works once');

	advance(3599);
	t.truthy(oauth.client(tokens.access_token), 'valid until its hour is over');
	advance(2);
	await t.throwsAsync(oauth.provider.verifyAccessToken(tokens.access_token), {message: /unknown, expired or revoked/});
	t.is(oauth.client(tokens.access_token), undefined);

	const renewed = await oauth.provider.exchangeRefreshToken(client, tokens.refresh_token!);
	t.not(renewed.refresh_token, tokens.refresh_token);
	t.truthy(oauth.client(renewed.access_token));
	await t.throwsAsync(oauth.provider.exchangeRefreshToken(client, tokens.refresh_token!), {message: /sign in again/}, 'the old refresh token is spent');
	const stored = ['oauth.sqlite', 'oauth.sqlite-wal'].filter(name => existsSync(path.join(dataDir, name))).map(name => readFileSync(path.join(dataDir, name), 'latin1')).join('');
	t.true(stored.includes('oauth:c1'), 'the store is read');
	t.false(stored.includes(renewed.access_token) || stored.includes(renewed.refresh_token!), 'hashes only');
});

test('revoking ends every token of the grant; the registration stays', async t => {
	const {oauth} = server();
	const {client, tokens} = await signedIn(oauth);
	t.like(oauth.revoke('oauth:c1'), {grant: {label: 'oauth:c1', client_name: 'Test Host'}});
	t.is(oauth.client(tokens.access_token), undefined);
	await t.throwsAsync(oauth.provider.exchangeRefreshToken(client, tokens.refresh_token!));
	t.truthy(await oauth.provider.clientsStore.getClient('c1'), 'it may ask again');
	t.is(oauth.revoke('oauth:c1'), undefined);
});

test('a rotated refresh token used again revokes every token of its sign-in, also those its rotation issued (RFC 9700 4.14)', async t => {
	const {oauth} = server();
	const {client, tokens} = await signedIn(oauth);
	const renewed = await oauth.provider.exchangeRefreshToken(client, tokens.refresh_token!);
	t.truthy(oauth.client(renewed.access_token), 'the rotation\'s tokens work');
	await t.throwsAsync(oauth.provider.exchangeRefreshToken(client, tokens.refresh_token!), {message: /used before: every token of its sign-in is revoked/}, 'the stolen copy');
	t.is(oauth.client(renewed.access_token), undefined, 'the access token the rotation issued is revoked');
	await t.throwsAsync(oauth.provider.exchangeRefreshToken(client, renewed.refresh_token!), {message: /unknown, used, expired or revoked/}, 'and its refresh token');
	t.is(oauth.client(tokens.access_token), undefined);
	t.truthy(oauth.store.grantNamed('oauth:c1'), 'the grant stays: the application asks the owner again');
});

test('revoking names the sign-in by its label, or by the name it gave itself when only one has it', async t => {
	const {oauth} = server();
	await signedIn(oauth);
	for (const id of ['c2', 'c3']) {
		oauth.store.saveGrant({label: `oauth:${id}`, client_id: id, client_name: 'Twin', permissions: ['search:default'], collections: null, granted_at: 0});
	}

	t.like(oauth.revoke('Twin'), {ambiguous: [{label: 'oauth:c2'}, {label: 'oauth:c3'}]}, 'a shared name names neither');
	t.truthy(oauth.store.grantNamed('oauth:c2'));
	t.like(oauth.revoke('test-host'), {grant: {label: 'oauth:c1'}}, 'the name as a command-line word');
	t.like(oauth.revoke('oauth:c3'), {grant: {label: 'oauth:c3'}});
	t.is(oauth.revoke('oauth:twin'), undefined, 'a label is never taken for a name');
});

test('an oauth.json of an earlier version is moved into oauth.sqlite once; grants labelled by the chosen name become oauth:<client id>, with their tokens', async t => {
	const dataDir = temporaryDirectory('md-vector-oauth-legacy-');
	const legacy = {
		version: 1,
		clients: [{client_id: 'c1', client_name: 'Team X', redirect_uris: ['http://127.0.0.1:5000/cb'], registered_at: 10}],
		grants: [{label: 'team-x', client_id: 'c1', client_name: 'Team X', permissions: ['search:default'], collections: null, granted_at: 10}],
		tokens: [{hash: hashSecret('mdvo_at_legacy'), kind: 'access', label: 'team-x', client_id: 'c1', scopes: ['search:default'], expires_at: Math.floor(Date.UTC(2026, 0, 1) / 1000) + 3600}],
	};
	writeFileSync(path.join(dataDir, 'oauth.json'), JSON.stringify(legacy));
	const reopened = new OAuth({dataDir, settings: oauthSettings({}), collections: async () => [], nowMs: () => Date.UTC(2026, 0, 1)});
	t.like(reopened.client('mdvo_at_legacy'), {label: 'oauth:c1', capability: {clients: ['oauth:c1']}});
	t.deepEqual(reopened.grants().map(grant => grant.label), ['oauth:c1']);
	t.truthy(await reopened.provider.clientsStore.getClient('c1'));
	t.false(existsSync(path.join(dataDir, 'oauth.json')), 'read once: renamed');
	t.true(existsSync(path.join(dataDir, 'oauth.json.migrated')));
	reopened.close();
	const again = new OAuth({dataDir, settings: oauthSettings({}), collections: async () => [], nowMs: () => Date.UTC(2026, 0, 1)});
	t.deepEqual(again.grants().map(grant => grant.label), ['oauth:c1'], 'kept in oauth.sqlite');
});

test('registration: only loopback http or https redirect addresses, without fragment or userinfo; no secret is issued', async t => {
	const {oauth} = server();
	for (const uri of ['http://example.com/cb', 'cursor://callback', 'https://example.com/cb#x', 'http://127.0.0.1:5000/cb#', 'http://evil@127.0.0.1:5000/cb', 'http://@127.0.0.1/cb', 'https://a:b@example.com/cb']) {
		await t.throwsAsync(async () => oauth.provider.clientsStore.registerClient!({redirect_uris: [uri], client_id: 'x'} as any), {message: /redirect_uris: /}, uri);
	}

	const ok = await oauth.provider.clientsStore.registerClient!({redirect_uris: ['https://example.com/cb', 'http://[::1]:8/cb'], client_id: 'y', client_secret: 's'} as any);
	t.is(ok.client_secret, undefined);
	t.is(ok.token_endpoint_auth_method, 'none');
});

test('registration: at most 10 redirect addresses of at most 2,048 characters (issue 34 item 6)', async t => {
	const {oauth} = server();
	const many = Array.from({length: 11}, (_, index) => `http://127.0.0.1:${5000 + index}/cb`);
	await t.throwsAsync(async () => oauth.provider.clientsStore.registerClient!({redirect_uris: many, client_id: 'x'} as any), {message: /redirect_uris: at most 10 addresses, got 11/});
	await t.throwsAsync(async () => oauth.provider.clientsStore.registerClient!({redirect_uris: [`https://example.com/${'a'.repeat(2100)}`], client_id: 'x'} as any), {message: /at most 2048 characters/});
	t.truthy(await oauth.provider.clientsStore.registerClient!({redirect_uris: many.slice(0, 10), client_id: 'z'} as any));
});

test('registrations nobody approved are kept an hour, and at most so many: the oldest go first', t => {
	const dataDir = temporaryDirectory('md-vector-oauth-store-');
	let now = 1000;
	const store = new OAuthStore(oauthFile(dataDir), () => now, 3);
	for (const id of ['a', 'b', 'c', 'd', 'e']) {
		store.addClient({client_id: id, redirect_uris: ['http://127.0.0.1/cb'], registered_at: now});
	}

	t.deepEqual(['a', 'b', 'c', 'd', 'e'].filter(id => store.client(id)), ['c', 'd', 'e']);
	store.saveGrant({label: 'oauth:c', client_id: 'c', client_name: 'c', permissions: ['search:default'], collections: null, granted_at: now});
	now += 3600 + 1;
	store.addClient({client_id: 'f', redirect_uris: ['http://127.0.0.1/cb'], registered_at: now});
	t.deepEqual(['c', 'd', 'e', 'f'].filter(id => store.client(id)), ['c', 'f'], 'an approved one stays; unapproved ones expire');
	t.is(store.unapprovedCount(), 1);
});

// Issue 34 item 6: each registration rewrote all of oauth.json (350 registrations: a 31 MB file, 293 ms each).
test('300 registrations of the largest kind: each is a row of its own, and at most 100 unapproved are kept', t => {
	const dataDir = temporaryDirectory('md-vector-oauth-many-');
	const store = new OAuthStore(oauthFile(dataDir), () => 1000);
	const uris = Array.from({length: registrationLimits.redirectUris}, (_, index) => `https://example.com/${'x'.repeat(registrationLimits.redirectUriLength - 30)}${index}`);
	for (let index = 0; index < 300; index++) {
		store.addClient({client_id: `c${index}`, redirect_uris: uris, registered_at: 1000});
	}

	t.is(store.unapprovedCount(), mostUnapproved);
	t.truthy(store.client('c299'), 'the newest are kept');
	t.is(store.client('c0'), undefined, 'the oldest went');
});

test('a broken oauth.json stops the start with the file and the rule, rather than forgetting every sign-in', t => {
	const {dataDir} = server();
	const file = path.join(dataDir, 'oauth.json');
	writeFileSync(file, '{"version": 1, "clients": []}');
	t.throws(() => new OAuth({dataDir, settings: oauthSettings({}), collections: async () => []}), {message: /oauth\.json: \$\.grants: .*move it aside/});
});

// Issue 34 item 10: only the resource's path was checked, so https://evil.example/mcp was accepted.
test('the resource an application asks for is compared whole: scheme, host, port and path', async t => {
	const {oauth} = server();
	const client = await oauth.provider.clientsStore.registerClient!({client_name: 'Host', redirect_uris: ['http://127.0.0.1:5000/cb'], client_id: 'r1'} as any);
	const redirected: string[] = [];
	const response = {req: {protocol: 'http', headers: {host: '127.0.0.1:7821'}}, redirect(_status: number, to: string) {
		redirected.push(to);
	}} as any;
	const parameters = (resource: string) => ({resource: new URL(resource), redirectUri: 'http://127.0.0.1:5000/cb', codeChallenge: 'x', scopes: []});
	for (const resource of ['https://evil.example/mcp', 'http://evil.example:7821/mcp', 'http://127.0.0.1:7822/mcp', 'https://127.0.0.1:7821/mcp', 'http://localhost:7821/mcp', 'http://127.0.0.1:7821/mcp?x=1', 'http://127.0.0.1:7821/api/v1']) {
		await t.throwsAsync(oauth.provider.authorize(client, parameters(resource), response), {message: /is not this server's MCP endpoint \(http:\/\/127\.0\.0\.1:7821\/mcp or http:\/\/127\.0\.0\.1:7821\/sse\)/}, resource);
	}

	t.deepEqual(redirected, []);
	for (const resource of ['http://127.0.0.1:7821/mcp', 'http://127.0.0.1:7821/sse']) {
		await oauth.provider.authorize(client, parameters(resource), response);
	}

	t.is(redirected.length, 2, 'its own endpoints go on to the consent page');
});
