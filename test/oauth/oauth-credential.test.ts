// OAuth access tokens as a credential of the daemon's one authentication step (daemon/oauth/oauth-credential.ts):
// on the MCP endpoints a token proves a client whose grant is a capability; elsewhere, or unknown, it proves
// nothing (401, with the resource metadata on MCP); with OAuth on, MCP wants a credential from everyone; and a
// signed-in assistant spends the assistant rate limit. The app is the daemon's own, served on a free port.
import test from 'ava';
import {localTokenHeader} from '../../common/local-token.js';
import {OAuth} from '../../daemon/oauth/oauth.js';
import {oauthSettings} from '../../daemon/oauth/oauth-settings.js';
import {serveApp, type AppOptions, type AppServer} from '../helpers/app.js';
import {temporaryDirectory} from '../helpers/paths.js';

const localToken = 'credential-test-local-token';

async function serveWithOAuth(options: AppOptions = {}): Promise<{app: AppServer; oauth: OAuth}> {
	const oauth = new OAuth({dataDir: temporaryDirectory('md-vector-oauth-credential-'), settings: oauthSettings({}), collections: async () => []});
	const app = await serveApp({oauth, localToken, ...options});
	for (const collection of ['notes', 'private']) {
		const stored = await app.request('POST', '/api/v1/ingest', {headers: {[localTokenHeader]: localToken}, body: {content: `# ${collection}\n\nCompost in ${collection}.\n`, file_name: `${collection}.md`, collection}});
		if (stored.status !== 200) {
			throw new Error(stored.text);
		}
	}

	return {app, oauth};
}

/** A grant the owner approved (search on `collections`), and an access token of it, as the token endpoint issues them. */
async function accessToken(oauth: OAuth, collections: string[] | null): Promise<string> {
	const client = await oauth.provider.clientsStore.registerClient!({client_name: 'Test Host', redirect_uris: ['http://127.0.0.1:5000/cb'], client_id: 'c1'} as any);
	oauth.store.saveGrant({label: 'oauth:c1', client_id: client.client_id, client_name: 'Test Host', permissions: ['search:default'], collections, granted_at: 0});
	const code = oauth.provider.codes.issue({clientId: client.client_id, label: 'oauth:c1', scopes: ['search:default'], codeChallenge: 'x', redirectUri: 'http://127.0.0.1:5000/cb'});
	return (await oauth.provider.exchangeAuthorizationCode(client, code)).access_token;
}

/** A search tool call over /mcp (keyword: no model needed); `collection` when given. */
const mcp = async (app: AppServer, headers: Record<string, string>, collection?: string) => app.request('POST', '/mcp', {
	headers: {accept: 'application/json, text/event-stream', ...headers},
	body: {jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'search', arguments: {query: 'compost', mode: 'keyword', ...(collection ? {collection} : {})}}},
});

test('on /mcp a token is its client with its grant; on the REST API, or unknown, it proves nothing', async t => {
	const {app, oauth} = await serveWithOAuth();
	t.teardown(async () => app.close());
	const bearer = {authorization: `Bearer ${await accessToken(oauth, ['notes'])}`};
	const found = await mcp(app, bearer);
	t.is(found.status, 200, found.text);
	t.deepEqual(found.body.result.structuredContent.collections, ['notes'], 'no collection named: those its grant allows');
	const refused = await mcp(app, bearer, 'private');
	t.is(refused.status, 200, 'a refusal is the call\'s tool error, not a failed request');
	t.like(refused.body.result, {isError: true, _meta: {'md-vector/status': 403}, content: [{text: 'client \'oauth:c1\' lacks \'search:default\' on collection \'private\' for tool search'}]});

	const rest = await app.request('GET', '/api/v1/collections', {headers: bearer});
	t.is(rest.status, 401);
	t.regex(rest.body.error.message, /works on the MCP endpoints \(\/mcp, \/sse\) only/);
	t.is(rest.headers['www-authenticate'], 'Bearer', 'the REST API offers no sign-in');

	const metadata = `Bearer resource_metadata="http://127.0.0.1:${app.port}/.well-known/oauth-protected-resource/mcp"`;
	const unknown = await mcp(app, {authorization: 'Bearer mdvo_at_made-up'});
	t.is(unknown.status, 401);
	t.is(unknown.headers['www-authenticate'], metadata);
	t.deepEqual(unknown.body, {error: {code: 'unauthorized', message: 'the OAuth access token is unknown, expired or revoked: sign in again'}});
	const anonymous = await mcp(app, {});
	t.is(anonymous.status, 401, 'OAuth on: a loopback daemon without a key still wants a credential on MCP');
	t.is(anonymous.headers['www-authenticate'], metadata);
	t.regex(anonymous.body.error.message, /^sign in: this MCP server needs a credential/);
	t.is((await app.request('GET', '/api/v1/collections')).status, 200, 'while the REST API serves the local user as before');
	t.is((await mcp(app, {[localTokenHeader]: localToken})).status, 200, 'the owner\'s own md-vector mcp');

	oauth.revoke('Test Host');
	t.is((await mcp(app, bearer)).status, 401, 'revoked: at once');
});

test('a signed-in assistant on this machine spends the assistant limit, not the spec\'s', async t => {
	const {app, oauth} = await serveWithOAuth({rateLimit: {points: 2, durationSeconds: 60}, assistantRateLimit: {points: 4, durationSeconds: 60}});
	t.teardown(async () => app.close());
	const bearer = {authorization: `Bearer ${await accessToken(oauth, null)}`};
	const statuses: number[] = [];
	for (let index = 0; index < 5; index++) {
		statuses.push((await mcp(app, bearer)).status);
	}

	t.deepEqual(statuses, [200, 200, 200, 200, 429]);
	const limited = await mcp(app, bearer);
	t.like(limited.headers, {'ratelimit-limit': '4'});
	t.is(limited.body.error.code, 'rate_limited');
});
