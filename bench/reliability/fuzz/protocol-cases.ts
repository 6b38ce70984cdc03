import type {Random} from '../random.js';
import {post, type FuzzCase, type FuzzContext} from './types.js';

const routes = ['/api/v1/health', '/api/v1/collections', '/api/v1/search', '/api/v1/ingest', '/api/v1/stats', '/api/v1/documents', '/api/v1/documents/a.md', '/api/v1/export', '/api/v1/import', '/api/v1/jobs', '/api/v1/jobs/ingest-directory', '/mcp', '/', '/api', '/api/v2/health'];

/** Methods a route does not serve: 404 or 405 with the error body (HEAD: no body). */
export function methodCase(random: Random, _context: FuzzContext, label: string): FuzzCase {
	const method = random.pick(['PUT', 'PATCH', 'TRACE', 'OPTIONS', 'HEAD', 'GET', 'POST', 'DELETE', 'PROPFIND', 'M-SEARCH']);
	const path = random.pick(routes);
	return {
		finding: 'general', label: `${label} ${method} ${path}`, noBody: method === 'HEAD', mcp: path === '/mcp',
		request: {method, path, headers: {'content-type': 'application/json'}, body: method === 'GET' || method === 'HEAD' ? undefined : '{}'},
	};
}

/** Percent-encoding the router must decode or refuse (400/404), never answer 500 for (finding F-percent-encoding). */
export function encodingCase(random: Random, _context: FuzzContext, label: string): FuzzCase {
	const bad = random.pick(['%', '%E0%A4%A', '%ZZ', '%C0%AF', '%ED%A0%80', '%FF', '%%', '%u0041', '%00', '%2e%2e%2f', '%252e', 'a%2Fb', '%F0%9F%8D%AE', '%0A', '%0D%0A']);
	const path = random.pick([`/api/v1/documents/${bad}`, `/api/v1/jobs/${bad}`, `/api/v1/jobs/${bad}/cancel`, `/api/v1/${bad}`, `/${bad}`, `/mcp/${bad}`, `/api/v1/stats?collection=${bad}`, `/api/v1/documents?collection=${bad}`, `/api/v1/export?format=${bad}`]);
	const method = path.startsWith('/api/v1/documents/') ? 'DELETE' : (path.endsWith('/cancel') ? 'POST' : 'GET');
	return {finding: 'F-percent-encoding', label: `${label} ${method} ${path}`, request: {method, path}, expect: [400, 404]};
}

/** Content types and encodings a JSON route refuses (415/400), odd and huge headers (431). */
export function headerCase(random: Random, context: FuzzContext, label: string): FuzzCase {
	const body = JSON.stringify({query: 'compost', collection: context.collection});
	const kind = random.int(0, 5);
	if (kind < 3) {
		const type = random.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/xml', 'application/JSON', 'application/json;', '*/*', '']);
		const headers: Record<string, string> = type === '' ? {} : {'content-type': type};
		return {finding: 'general', label: `${label} search as ${JSON.stringify(type)}`, request: post('/search', body, headers)};
	}

	if (kind === 3) {
		return {finding: 'general', label: `${label} search with gzip content-encoding that is not gzip`, request: post('/search', body, {'content-type': 'application/json', 'content-encoding': random.pick(['gzip', 'deflate', 'br', 'compress', 'x-unknown'])}), expect: [400, 415]};
	}

	if (kind === 4) {
		const size = random.pick([17_000, 70_000]);
		return {finding: 'F-parser-error-bodies', label: `${label} a ${size}-byte header`, request: {method: 'GET', path: '/api/v1/collections', headers: {'x-padding': 'p'.repeat(size)}}, expect: [431]};
	}

	const many = Object.fromEntries(Array.from({length: random.pick([100, 2500])}, (_, index) => [`x-h${index}`, String(index)]));
	return {finding: 'general', label: `${label} ${Object.keys(many).length} headers`, request: {method: 'GET', path: '/api/v1/collections', headers: many}};
}

/** Bytes that are not valid HTTP/1.1: the server's parser answers 400 (finding F-parser-error-bodies: with the error body). */
export function rawCase(random: Random, context: FuzzContext, label: string): FuzzCase {
	const host = 'Host: 127.0.0.1\r\n';
	const search = JSON.stringify({query: 'compost', collection: context.collection});
	const raw = random.pick([
		'GARBAGE\r\n\r\n',
		'GET /api/v1/health HTTP/9.9\r\n\r\n',
		`GET /api/v1/health HTTP/1.1\r\n${host}NoColonHere\r\n\r\n`,
		`GET /api/v1/health HTTP/1.1\r\n${host}X-Bad: a\u0001b\r\n\r\n`,
		`POST /api/v1/search HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n${search}`,
		`POST /api/v1/search HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
		`POST /api/v1/search HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n${search}\r\n0\r\n\r\n`,
		`GET /api/v1/health HTTP/1.1\r\n${host}${host}\r\n`,
		`GET /api/v1/health\u0000 HTTP/1.1\r\n${host}\r\n`,
		`GET http://evil.example/api/v1/health HTTP/1.1\r\n${host}\r\n`,
		`\r\n\r\nGET /api/v1/health HTTP/1.1\r\n${host}\r\n`,
	]);
	return {finding: 'F-parser-error-bodies', label: `${label} raw ${JSON.stringify(raw.slice(0, 60))}`, raw: `${raw.replace(/\r\n\r\n/, '\r\nConnection: close\r\n\r\n')}`, expect: [400, 404, 200, 505]};
}
