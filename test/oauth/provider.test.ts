// The authorization server's rules with an injected clock: an access token lives exactly its lifetime, a refresh
// token works once, a code works once, revoking ends every token, and registration refuses unsafe redirects.
// (The same flows run end to end, with a browser, in oauth-flow.test.ts.)
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {OAuth} from '../../daemon/oauth/oauth.js';
import {oauthSettings} from '../../daemon/oauth/oauth-settings.js';
import {temporaryDirectory} from '../helpers/paths.js';

function server() {
	let now = Date.UTC(2026, 0, 1);
	const dataDir = temporaryDirectory('md-vector-oauth-unit-');
	const oauth = new OAuth({dataDir, settings: oauthSettings({}), collections: async () => [], keyClientLabels: () => [], nowMs: () => now});
	const advance = (seconds: number) => {
		now += seconds * 1000;
	};

	return {oauth, dataDir, advance};
}

async function signedIn(oauth: OAuth) {
	const registered = await oauth.provider.clientsStore.registerClient!({client_name: 'Test Host', redirect_uris: ['http://127.0.0.1:5000/cb'], client_id: 'c1'} as any);
	oauth.store.saveGrant({label: 'test-host', client_id: registered.client_id, client_name: 'Test Host', permissions: ['search:default'], collections: null, granted_at: 0});
	const code = oauth.provider.codes.issue({clientId: registered.client_id, label: 'test-host', scopes: ['search:default'], codeChallenge: 'x', redirectUri: 'http://127.0.0.1:5000/cb'});
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
	t.true(oauth.revoke('test-host'));
	t.is(oauth.client(tokens.access_token), undefined);
	await t.throwsAsync(oauth.provider.exchangeRefreshToken(client, tokens.refresh_token!));
	t.truthy(await oauth.provider.clientsStore.getClient('c1'), 'it may ask again');
	t.false(oauth.revoke('test-host'));
});

test('registration: only loopback http or https redirect addresses; no secret is issued', async t => {
	const {oauth} = server();
	for (const uri of ['http://example.com/cb', 'cursor://callback', 'https://example.com/cb#x']) {
		await t.throwsAsync(async () => oauth.provider.clientsStore.registerClient!({redirect_uris: [uri], client_id: 'x'} as any), {message: /redirect_uris: /}, uri);
	}

	const ok = await oauth.provider.clientsStore.registerClient!({redirect_uris: ['https://example.com/cb', 'http://[::1]:8/cb'], client_id: 'y', client_secret: 's'} as any);
	t.is(ok.client_secret, undefined);
	t.is(ok.token_endpoint_auth_method, 'none');
});

test('a broken oauth.json stops the start with the file and the rule, rather than forgetting every sign-in', t => {
	const {dataDir} = server();
	const file = path.join(dataDir, 'oauth.json');
	writeFileSync(file, '{"version": 1, "clients": []}');
	t.throws(() => new OAuth({dataDir, settings: oauthSettings({}), collections: async () => [], keyClientLabels: () => []}), {message: /oauth\.json: \$\.grants: .*move it aside/});
});
