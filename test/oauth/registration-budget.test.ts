// Issue 34 items 5 and 6: /register, open to anyone, was limited per single address (127.0.9.2, 127.0.9.3... each
// had a fresh allowance) and took ~88 KB of redirect_uris a registration. Registrations now spend one budget for
// every loopback address together, and a registration's body is at most 16 KB. The daemon's own app, on a free port.
import test from 'ava';
import {OAuth} from '../../daemon/oauth/oauth.js';
import {oauthSettings} from '../../daemon/oauth/oauth-settings.js';
import {serveApp, type AppServer} from '../helpers/app.js';
import {temporaryDirectory} from '../helpers/paths.js';

async function serveWithOAuth(env: NodeJS.ProcessEnv): Promise<AppServer> {
	const oauth = new OAuth({dataDir: temporaryDirectory('md-vector-registration-budget-'), settings: oauthSettings(env), collections: async () => []});
	const app = await serveApp({oauth});
	return {
		...app,
		async close() {
			await app.close();
			oauth.close();
		},
	};
}

const registration = (redirectUris = ['http://127.0.0.1:5000/cb']) => ({client_name: 'x', redirect_uris: redirectUris, token_endpoint_auth_method: 'none'});

test('registrations from many loopback addresses spend one budget: a new 127.x address gets no new allowance', async t => {
	const app = await serveWithOAuth({MD_VECTOR_OAUTH_REGISTRATIONS: '3'});
	t.teardown(async () => app.close());
	const statuses: number[] = [];
	for (let index = 0; index < 3; index++) {
		statuses.push((await app.request('POST', '/register', {body: registration(), from: `127.0.${index}.2`})).status);
	}

	t.deepEqual(statuses, [201, 201, 201]);
	const refused = await app.request('POST', '/register', {body: registration(), from: '127.0.9.5'});
	t.is(refused.status, 429);
	t.regex(refused.body.error.message, /too many OAuth registrations from loopback addresses \(all of 127\.0\.0\.0\/8 and ::1 count as one\): at most 3 per 3600 s/);
	t.truthy(refused.headers['retry-after']);
	t.is((await app.request('GET', '/.well-known/oauth-authorization-server', {from: '127.0.9.6'})).status, 200, 'the metadata is not a registration');
});

test('a registration body over 16 KB is refused before it is read, and spends no registration', async t => {
	const app = await serveWithOAuth({MD_VECTOR_OAUTH_REGISTRATIONS: '1'});
	t.teardown(async () => app.close());
	const bloated = registration(Array.from({length: 40}, (_, index) => `http://127.0.0.1:5000/${'a'.repeat(2000)}${index}`));
	const refused = await app.request('POST', '/register', {body: bloated});
	t.is(refused.status, 413);
	t.regex(refused.body.error.message, /a registration may be at most 16 KB/);
	t.is((await app.request('POST', '/register', {body: registration()})).status, 201, 'the budget is still whole');
});
