// The authorization server's rules with an injected clock: an access token lives exactly its lifetime, a refresh
// token works once, a code works once, revoking ends every token, and registration refuses unsafe redirects.
// (The same flows run end to end, with a browser, in oauth-flow.test.ts.)
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {OAuth} from '../../daemon/oauth/oauth.js';
import {oauthSettings} from '../../daemon/oauth/oauth-settings.js';
import {OAuthStore, oauthFile} from '../../daemon/oauth/oauth-store.js';
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
	const stored = readFileSync(path.join(dataDir, 'oauth.json'), 'utf8');
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

test('an oauth.json of before the namespace: grants labelled by the chosen name become oauth:<client id>, with their tokens', async t => {
	const {oauth, dataDir} = server();
	const {tokens} = await signedIn(oauth);
	const file = path.join(dataDir, 'oauth.json');
	writeFileSync(file, readFileSync(file, 'utf8').replaceAll('oauth:c1', 'team-x'));
	const reopened = new OAuth({dataDir, settings: oauthSettings({}), collections: async () => [], nowMs: () => Date.UTC(2026, 0, 1)});
	t.like(reopened.client(tokens.access_token), {label: 'oauth:c1', capability: {clients: ['oauth:c1']}});
	t.deepEqual(reopened.grants().map(grant => grant.label), ['oauth:c1']);
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

test('registrations nobody approved are kept 24 hours, and at most so many: the oldest go first', t => {
	const dataDir = temporaryDirectory('md-vector-oauth-store-');
	let now = 1000;
	const store = new OAuthStore(oauthFile(dataDir), () => now, 3);
	for (const id of ['a', 'b', 'c', 'd', 'e']) {
		store.addClient({client_id: id, redirect_uris: ['http://127.0.0.1/cb'], registered_at: now});
	}

	t.deepEqual(['a', 'b', 'c', 'd', 'e'].filter(id => store.client(id)), ['c', 'd', 'e']);
	store.saveGrant({label: 'oauth:c', client_id: 'c', client_name: 'c', permissions: ['search:default'], collections: null, granted_at: now});
	now += (24 * 3600) + 1;
	store.addClient({client_id: 'f', redirect_uris: ['http://127.0.0.1/cb'], registered_at: now});
	t.deepEqual(['c', 'd', 'e', 'f'].filter(id => store.client(id)), ['c', 'f'], 'an approved one stays; unapproved ones expire');
});

test('a broken oauth.json stops the start with the file and the rule, rather than forgetting every sign-in', t => {
	const {dataDir} = server();
	const file = path.join(dataDir, 'oauth.json');
	writeFileSync(file, '{"version": 1, "clients": []}');
	t.throws(() => new OAuth({dataDir, settings: oauthSettings({}), collections: async () => []}), {message: /oauth\.json: \$\.grants: .*move it aside/});
});
