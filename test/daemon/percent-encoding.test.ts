// A path segment that is not valid percent-encoding is a 400 that names the route's parameter, on every method
// (the router decoded it with decodeURIComponent, whose URIError answered 500).
import test from 'ava';
import {serveApp} from '../helpers/app.js';

const broken = ['%ff', '%', '%%', '%2', '%zz', '%ed%a0%80', 'a%c3'];

test('DELETE /documents/{file_name}: a bad escape in any segment is 400 naming file_name', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	for (const segment of broken) {
		for (const route of [`/api/v1/documents/${segment}`, `/api/v1/documents/notes/${segment}`, `/api/v1/documents/${segment}/b.md?collection=x`]) {
			const answer = await app.request('DELETE', route);
			t.is(answer.status, 400, route);
			t.deepEqual(Object.keys(answer.body), ['error']);
			t.is(answer.body.error.code, 'invalid_input');
			t.true(answer.body.error.message.startsWith(`file_name: '${segment}' is not valid percent-encoding`), answer.body.error.message);
		}
	}
});

test('any method on /jobs/{id}...: 400 naming id', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	for (const segment of broken) {
		for (const [method, route] of [['GET', `/api/v1/jobs/${segment}`], ['GET', `/api/v1/jobs/${segment}/events`], ['POST', `/api/v1/jobs/${segment}/cancel`], ['PUT', `/api/v1/jobs/${segment}`], ['DELETE', `/api/v1/jobs/${segment}`], ['PATCH', `/api/v1/jobs/${segment}/events`]]) {
			const answer = await app.request(method!, route!);
			t.is(answer.status, 400, `${method} ${route}`);
			t.is(answer.body.error.code, 'invalid_input');
			t.true(answer.body.error.message.startsWith(`id: '${segment}' is not valid percent-encoding`), answer.body.error.message);
		}
	}
});

test('a bad escape on a path of no route is 400 naming the segment; good escapes still reach their route', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	const elsewhere = await app.request('GET', '/api/v1/%ff/x');
	t.is(elsewhere.status, 400);
	t.regex(elsewhere.body.error.message, /^path segment '%ff' is not valid percent-encoding/);
	const encoded = await app.request('DELETE', '/api/v1/documents/notes%2Fcaf%C3%A9.md');
	t.is(encoded.status, 404, 'decoded and looked up');
	t.regex(encoded.body.error.message, /collection 'default' does not exist|notes\/café\.md/);
	t.is((await app.request('GET', '/api/v1/jobs/no%20such')).body.error.message, 'job \'no such\' does not exist');
});
