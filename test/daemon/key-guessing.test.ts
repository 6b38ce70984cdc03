// Rate limit and key guessing: a request whose key proves nothing spends its address's budget, and failed
// authentications are counted per address, so a new key per request is throttled; md-vector's own programs
// (local token) are never limited. In-process against createApp.
import {randomBytes} from 'node:crypto';
import test from 'ava';
import {FailedAuthentications} from '../../daemon/http/failed-authentications.js';
import {serveApp, type AppServer} from '../helpers/app.js';

const randomKey = () => randomBytes(12).toString('hex');
const limit = {points: 30, durationSeconds: 60};

async function statuses(app: AppServer, count: number, headers: () => Record<string, string>, from = (_index: number) => '127.0.0.1'): Promise<number[]> {
	const seen: number[] = [];
	for (let index = 0; index < count; index++) {
		seen.push((await app.request('GET', '/api/v1/collections', {headers: headers(), from: from(index)})).status);
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

// Issue 34 item 5: after 30 wrong keys 127.0.0.1 got 429, but 127.0.9.2-4 had 90 more guesses, and the right key
// from 127.0.9.5 got 200. Every loopback address is one party.
test('failed authentications are counted over all loopback addresses together: another 127.x address gets no new allowance', async t => {
	const app = await serveApp({apiKey: 'owner-key', rateLimit: {points: 0, durationSeconds: 60}});
	t.teardown(async () => app.close());
	t.deepEqual(await statuses(app, 30, () => ({'x-api-key': randomKey()})), Array.from({length: 30}, () => 401));
	const others = await statuses(app, 90, () => ({'x-api-key': randomKey()}), index => `127.0.9.${2 + (index % 3)}`);
	t.deepEqual(others, Array.from({length: 90}, () => 429), 'from 127.0.9.2-4');
	const right = await app.request('GET', '/api/v1/collections', {headers: {'x-api-key': 'owner-key'}, from: '127.0.9.5'});
	t.is(right.status, 429, 'the right key from yet another loopback address cannot tell either');
	t.regex(right.body.error.message, /loopback addresses \(all of 127\.0\.0\.0\/8 and ::1 count as one\)/);
});

test('the random-key rate limit is one budget for all loopback addresses too', async t => {
	const app = await serveApp({rateLimit: {points: 30, durationSeconds: 60}});
	t.teardown(async () => app.close());
	const seen = await statuses(app, 45, () => ({'x-api-key': randomKey()}), index => `127.0.${index % 5}.${1 + index}`);
	t.deepEqual(seen, [...Array.from({length: 30}, () => 200), ...Array.from({length: 15}, () => 429)]);
});

test('failed authentications from many networks add up to a global limit (10 times the per-address one)', async t => {
	const failures = new FailedAuthentications(3, 60);
	for (let network = 0; network < 10; network++) {
		for (let attempt = 0; attempt < 3; attempt++) {
			await failures.refuseIfBlocked(`10.0.${network}.1`);
			await failures.record(`10.0.${network}.1`);
		}
	}

	const error = await t.throwsAsync(failures.refuseIfBlocked('10.0.99.1'), {message: /too many failed authentications from all addresses together: at most 30 per 60 s/});
	t.is(error?.constructor.name, 'HttpError');
	await t.throwsAsync(failures.refuseIfBlocked('2001:db8:1:2::7'), {message: /all addresses together/}, 'IPv6 too');
});

test('an IPv6 host is one party for its whole /64; an IPv4-mapped address is its IPv4 address', async t => {
	const failures = new FailedAuthentications(2, 60);
	await failures.record('2001:db8:1:2::1');
	await failures.record('2001:db8:1:2:ffff:1:2:3');
	await t.throwsAsync(failures.refuseIfBlocked('2001:db8:1:2::99'), {message: /from the network 2001:db8:1:2::\/64: at most 2/});
	await t.notThrowsAsync(failures.refuseIfBlocked('2001:db8:1:3::1'), 'another /64');
	await failures.record('::ffff:192.0.2.7');
	await failures.record('192.0.2.7');
	await t.throwsAsync(failures.refuseIfBlocked('192.0.2.7'), {message: /from 192\.0\.2\.7: at most 2/});
});
