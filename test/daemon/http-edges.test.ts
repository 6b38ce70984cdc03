// What arrives before a route: a declared body over the limit (413 from the header, before the body), requests
// Node's HTTP parser refuses (the error shape, not an empty body), and query strings (validated like bodies).
import {connect} from 'node:net';
import test from 'ava';
import {serveApp} from '../helpers/app.js';

/** Writes `text` on a raw connection and resolves with everything answered until the server closes it. */
async function raw(port: number, text: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = connect(port, '127.0.0.1');
		let answer = '';
		socket.setEncoding('utf8');
		socket.on('data', (chunk: string) => {
			answer += chunk;
		});
		socket.on('close', () => {
			resolve(answer);
		});
		socket.on('error', reject);
		socket.write(text);
	});
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {error: {code: string; message: string}};

test('a declared Content-Length over the limit: 413 in the error shape at once, body unsent, and the connection closes', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	const cases: Array<[string, string, number]> = [
		['/api/v1/search', 'application/json', 100_000_000],
		['/api/v1/ingest', 'application/json', (1024 * 1024) + 1],
		['/api/v1/import', 'application/x-ndjson', 10_000_000_000],
		['/mcp', 'application/json', 5_000_000],
	];
	for (const [route, type, length] of cases) {
		// Only the headers are sent: the answer must come from them (the test would wait for the body otherwise).
		const answer = await raw(app.port, `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nContent-Type: ${type}\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n\r\n`);
		t.regex(answer, /^HTTP\/1\.1 413 /, route);
		t.regex(answer, /\r\nconnection: close\r\n/i);
		const {error} = bodyOf(answer);
		t.is(error.code, 'payload_too_large');
		t.regex(error.message, new RegExp(`${length} bytes declared`));
	}
});

test('requests the HTTP parser refuses get the error shape: bad request line 400, headers too large 431', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	for (const line of ['GARBAGE\r\n\r\n', 'GET /api/v1/health HTTP/9.9\r\nHost: x\r\n\r\n', 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n']) {
		const answer = await raw(app.port, line);
		t.regex(answer, /^HTTP\/1\.1 400 Bad Request\r\n/, JSON.stringify(line));
		t.regex(answer, /content-type: application\/json/i);
		t.is(bodyOf(answer).error.code, 'bad_request');
		t.regex(bodyOf(answer).error.message, /^the request is not valid HTTP\/1\.1 \(HPE_/);
	}

	const huge = await raw(app.port, `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
	t.regex(huge, /^HTTP\/1\.1 431 /);
	t.deepEqual(bodyOf(huge).error, {code: 'headers_too_large', message: 'request headers are too large (at most 16 KB in all)'});
});

test('query strings are validated like bodies: the parameter and the rule are named', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	const long = 'c'.repeat(129);
	const cases: Array<[string, string, RegExp]> = [
		['GET', '/api/v1/export?format=xml', /^format: must be one of json, jsonl, csv, md$/],
		['GET', '/api/v1/export?format=json&format=csv', /^format: must be one of/],
		['GET', `/api/v1/export?collection=${long}`, /^collection: must be at most 128 characters$/],
		['GET', '/api/v1/stats?collection=a&collection=b', /^collection: /],
		['GET', `/api/v1/documents?collection=${long}`, /^collection: must be at most 128 characters$/],
		['DELETE', `/api/v1/documents/a.md?collection=${long}`, /^collection: must be at most 128 characters$/],
		['POST', '/api/v1/import?collection=a&collection=b', /^collection: /],
	];
	for (const [method, route, message] of cases) {
		const answer = await app.request(method, route, {headers: {'content-type': 'application/x-ndjson'}});
		t.is(answer.status, 400, route);
		t.is(answer.body.error.code, 'invalid_input');
		t.regex(answer.body.error.message, message, route);
	}

	const defaulted = await app.request('GET', '/api/v1/documents');
	t.is(defaulted.status, 404, 'no collection: the default one, which does not exist yet');
	t.regex(defaulted.body.error.message, /collection 'default'/);
});

test('answers carry no ETag: none is hashed from a body no client revalidates', async t => {
	const app = await serveApp();
	t.teardown(async () => app.close());
	const listed = await app.request('GET', '/api/v1/collections');
	t.is(listed.status, 200);
	t.is(listed.headers.etag, undefined);
	const health = await app.request('GET', '/api/v1/health');
	t.is(health.status, 200);
	t.is(health.headers.etag, undefined);
});
