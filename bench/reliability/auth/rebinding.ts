import {checkAnswer} from '../answer-rules.js';
import type {DaemonProcess} from '../daemon-process.js';
import type {Tally} from '../tally.js';

/**
 * DNS rebinding (finding F-dns-rebinding): a web page on another site makes a browser send requests to 127.0.0.1
 * under its own name. Every route (REST, MCP, job events) must refuse a Host that is not the daemon's and an
 * Origin of another site; the daemon's own names must work. A request that carries a key may use any Host (a
 * reverse proxy's name; a rebinding page cannot know the key: docs/security.md), but never a foreign Origin.
 * With OAuth on (the default) /mcp needs a credential even on loopback: its 401 there is not the guard's.
 */
export async function rebinding(tally: Tally, daemon: DaemonProcess, headers: Record<string, string>, label: string): Promise<void> {
	const {port} = daemon.url;
	const routes = [
		{method: 'GET', path: '/api/v1/collections'},
		{method: 'POST', path: '/api/v1/search', body: JSON.stringify({query: 'compost', collection: 'notes'})},
		{method: 'GET', path: '/api/v1/export?collection=notes'},
		{method: 'GET', path: '/api/v1/jobs'},
		{method: 'POST', path: '/mcp', body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})},
	];
	const hostile: Array<Record<string, string>> = [
		{host: 'evil.example'}, {host: `evil.example:${port}`}, {host: `127.0.0.1.evil.example:${port}`}, {host: `localhost.evil.example:${port}`},
		{origin: 'http://evil.example'}, {origin: 'null'}, {origin: `http://127.0.0.1.evil.example:${port}`},
	];
	const friendly: Array<Record<string, string>> = [{host: `127.0.0.1:${port}`}, {host: `localhost:${port}`}, {origin: `http://127.0.0.1:${port}`}, {origin: `http://localhost:${port}`}];
	const keyed = Object.keys(headers).length > 0;
	for (const route of routes) {
		const base = {...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream'};
		for (const variant of hostile) {
			const answer = await daemon.request({...route, headers: {...base, ...variant}});
			const name = `${label}: ${route.method} ${route.path} with ${JSON.stringify(variant)}`;
			checkAnswer(tally, answer, {finding: 'F-dns-rebinding', label: name, mcp: route.path === '/mcp'});
			if (keyed && variant.host) {
				tally.check('F-dns-rebinding', 'DNS rebinding guard: a request with a key is served under any Host', answer.status < 300, `${name} -> ${answer.status} ${answer.text.slice(0, 150)}`);
				continue;
			}

			if (answer.status < 300) {
				tally.unauthorised++;
			}

			tally.check('F-dns-rebinding', 'DNS rebinding: a foreign Host (without a key) or Origin is refused on every route', answer.status >= 400, `${name} -> ${answer.status}`);
		}

		for (const variant of friendly) {
			const answer = await daemon.request({...route, headers: {...base, ...variant}});
			const served = answer.status < 300 || (route.path === '/mcp' && !keyed && answer.status === 401 && answer.text.includes('"unauthorized"'));
			tally.check('F-dns-rebinding', 'DNS rebinding guard: the daemon\'s own names and origins are served', served, `${label}: ${route.method} ${route.path} with ${JSON.stringify(variant)} -> ${answer.status} ${answer.text.slice(0, 150)}`);
		}
	}
}
