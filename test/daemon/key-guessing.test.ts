// Rate limit and key guessing: a request whose key proves nothing spends its address's budget, and failed
// authentications are counted per address, so a new key per request is throttled; md-vector's own programs
// (local token) are never limited. In-process against createApp.
import {randomBytes} from 'node:crypto';
import test from 'ava';
import {FailedAuthentications} from '../../daemon/http/failed-authentications.js';
import {serveApp, type AppServer} from '../helpers/app.js';

const randomKey = () => randomBytes(12).toString('hex');
const limit = {points: 30, durationSeconds: 60};

async function statuses(app: AppServer, count: number, headers: () => Record<string, string>): Promise<number[]> {
	const seen: number[] = [];
	for (let index = 0; index < count; index++) {
		seen.push((await app.request('GET', '/api/v1/collections', {headers: headers()})).status);
	}

	return seen;
}

test('no key configured: a new random X-API-Key or Bearer per request is limited by address (30, then 429)', async t => {
	for (const header of [(key: string) => ({'x-api-key': key}), (key: string) => ({authorization: `Bearer ${key}`})]) {
		const app = await serveApp({rateLimit: limit});
		t.teardown(async () => app.close());
		const seen = await statuses(app, 45, () => header(randomKey()));
		t.deepEqual(seen, [...Array.from({length: 30}, () => 200), ...Array.from({length: 15}, () => 429)]);
	}
});

test('with a key: 45 different wrong keys are 30 x 401, then 429; the right key from that address is then 429 too (a guess cannot tell)', async t => {
	const app = await serveApp({apiKey: 'owner-key', rateLimit: limit, localToken: 'local-token'});
	t.teardown(async () => app.close());
	const seen = await statuses(app, 45, () => ({'x-api-key': randomKey()}));
	t.deepEqual(seen, [...Array.from({length: 30}, () => 401), ...Array.from({length: 15}, () => 429)]);
	const right = await app.request('GET', '/api/v1/collections', {headers: {'x-api-key': 'owner-key'}});
	t.is(right.status, 429);
	t.is(right.body.error.code, 'rate_limited');
	t.regex(right.body.error.message, /too many failed authentications/);
	t.true(Number(right.headers['retry-after']) >= 1);
	const own = await app.request('GET', '/api/v1/collections', {headers: {'x-md-vector-local': 'local-token'}});
	t.is(own.status, 200, 'the local user\'s own programs are not limited');
});

test('with the rate limit off (MD_VECTOR_RATE_LIMIT=0), failed authentications are still throttled; good keys are not', async t => {
	const app = await serveApp({apiKey: 'owner-key', rateLimit: {points: 0, durationSeconds: 60}, failedAuthentications: new FailedAuthentications(5, 60)});
	t.teardown(async () => app.close());
	t.deepEqual(await statuses(app, 40, () => ({'x-api-key': 'owner-key'})), Array.from({length: 40}, () => 200));
	t.deepEqual(await statuses(app, 7, () => ({authorization: `Bearer ${randomKey()}`})), [401, 401, 401, 401, 401, 429, 429]);
});

test('the local token: unlimited, and a wrong one is a failed authentication (401), not the owner', async t => {
	const app = await serveApp({rateLimit: limit, localToken: 'the-token'});
	t.teardown(async () => app.close());
	t.deepEqual(await statuses(app, 60, () => ({'x-md-vector-local': 'the-token'})), Array.from({length: 60}, () => 200));
	const wrong = await app.request('GET', '/api/v1/collections', {headers: {'x-md-vector-local': 'guess'}});
	t.is(wrong.status, 401);
	t.regex(wrong.body.error.message, /invalid local token/);
});

test('a client key spends its own budget; /health is not limited', async t => {
	const app = await serveApp({
		apiKey: 'owner-key', rateLimit: {points: 3, durationSeconds: 60}, env: {A_KEY: 'a-key'}, clients: [{label: 'a', key: '${A_KEY}'}],
		capabilities: [{identifier: 'a', clients: ['a'], permissions: ['collections:read']}],
	});
	t.teardown(async () => app.close());
	t.deepEqual(await statuses(app, 4, () => ({'x-api-key': 'a-key'})), [200, 200, 200, 429]);
	t.deepEqual(await statuses(app, 4, () => ({'x-api-key': 'owner-key'})), [200, 200, 200, 429], 'the owner has its own');
	for (let index = 0; index < 5; index++) {
		t.is((await app.request('GET', '/api/v1/health')).status, 200);
	}
});
