// Issue 25 item 7, addresses: a redirect URI with a fragment, userinfo or anything but an exact registered address
// (a loopback one may differ in its port) must be refused at registration and at /authorize, never redirected
// to; a Host that is not a name or a bracketed IPv6 address with an optional numeric port must be refused (403)
// like a foreign name, before authentication, also with a key. Variants accepted must be 0.
import {rmSync} from 'node:fs';
import {checkAnswer} from './answer-rules.js';
import {DaemonProcess} from './daemon-process.js';
import {json} from './http.js';
import {authorize, callback, clientAddress, raisedOAuthLimits, register} from './oauth/sign-in.js';
import type {Tally} from './tally.js';

const finding = 'I25-redirect-host';
const key = 'redirect-host-owner-key';

/** Redirect URIs no registration may take. */
export const badRegistrations = [
	`${callback}#x`, `${callback}#`, 'http://user@127.0.0.1:9/callback', 'http://@127.0.0.1:9/callback', 'http://user:pw@localhost/cb', 'https://u@app.example/cb',
	'http://127.0.0.1:9@evil.example/cb', 'http://evil.example/cb', 'http://127.0.0.1.evil.example/cb', 'http://localhost.evil.example/cb',
	String.raw`http://evil.example\@127.0.0.1/cb`, 'http://[::1].evil.example/cb', ['javascript', 'alert(1)'].join(':'), 'data:text/html,x', 'cursor://callback', 'file:///etc/passwd', 'not a url',
];

/** Redirect URIs /authorize must refuse for a client that registered `callback` (http://127.0.0.1:9/callback). */
export const badAuthorizations = [
	`${callback}#x`, `${callback}#`, `${callback}#code=x`, 'http://evil@127.0.0.1:9/callback', 'http://@127.0.0.1:9/callback', 'http://127.0.0.1:9@evil.example/callback',
	'http://127.0.0.1:9/callback/', 'http://127.0.0.1:9/callback?', 'http://127.0.0.1:9/callback?x=1', 'http://127.0.0.1:9/callback/../callback', 'http://127.0.0.1:9/%63allback',
	'HTTP://127.0.0.1:9/callback', 'http://localhost:9/callback', 'http://[::1]:9/callback', 'https://127.0.0.1:9/callback', 'http://127.0.0.2:9/callback', 'http://127.0.0.1:9/Callback',
];

/** Host headers that are no host: refused with or without a key. `port` is the daemon's. */
export const malformedHosts = (port: string) => [
	`[::1].evil.example:${port}`, '[::1].evil.example', 'localhost:evil', `localhost:${port}:${port}`, `localhost:${port}x`, '[::1]x', `[127.0.0.1]:${port}`, '[::1',
	'localhost:99999', 'local host', `localhost@evil.example:${port}`, `evil.example:${port}/x`, `127.0.0.1:${port}/`, `[::1]:${port}.evil.example`, `[fe80::1%25lo]:${port}`,
];

/** Well-formed foreign names: refused without a key (with one they are a LAN name's way in, by design). */
export const foreignHosts = (port: string) => ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `localhost.:${port}`, `2130706433:${port}`, `0x7f.1:${port}`];

const routes = [
	{method: 'GET', path: '/api/v1/collections'}, {method: 'GET', path: '/api/v1/health'},
	{method: 'POST', path: '/mcp', body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})},
	{method: 'GET', path: '/.well-known/oauth-authorization-server'},
];

export async function redirectHostSection(tally: Tally): Promise<void> {
	const daemon = await DaemonProcess.start({env: {MD_VECTOR_API_KEY: key, ...raisedOAuthLimits}});
	let tried = 0;
	let accepted = 0;
	const count = (ok: boolean) => {
		tried++;
		if (!ok) {
			accepted++;
			tally.unauthorised++;
		}
	};

	try {
		for (const uri of badRegistrations) {
			const answer = await register(daemon, {client_name: 'r', redirect_uris: [uri]}, clientAddress());
			checkAnswer(tally, answer, {finding, label: `register ${uri}`, expect: [400], noBody: true}); // OAuth's own error shape (RFC 7591)
			count(answer.status === 400);
		}

		const from = clientAddress();
		const {client_id: clientId} = json(await register(daemon, {client_name: 'r', redirect_uris: [callback]}, from)) as {client_id: string};
		const challenge = 'c'.repeat(43);
		for (const uri of badAuthorizations) {
			const answer = await authorize(daemon, clientId, uri, challenge, from);
			checkAnswer(tally, answer, {finding, label: `authorize ${uri}`, expect: [400], noBody: true}); // OAuth's own error shape (RFC 6749)
			tally.check(finding, 'a refused redirect address is never redirected to', answer.headers.location === undefined, `${uri} -> ${String(answer.headers.location)}`);
			count(answer.status === 400 && answer.headers.location === undefined);
		}

		for (const uri of [callback, 'http://127.0.0.1:10/callback']) {
			const answer = await authorize(daemon, clientId, uri, challenge, from);
			tally.check(finding, 'the registered address (a loopback one on any port) is sent to the consent page', answer.status === 303 && String(answer.headers.location).startsWith('/oauth/consent?request='), `${uri} -> ${answer.status}`);
		}

		const {port} = daemon.url;
		const variants = [
			...malformedHosts(port).flatMap(host => [{host, keyed: false}, {host, keyed: true}]),
			...foreignHosts(port).map(host => ({host, keyed: false})),
		];
		for (const route of routes) {
			for (const {host, keyed} of variants) {
				const answer = await daemon.request({...route, headers: {host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(keyed ? {'x-api-key': key} : {})}});
				const label = `${route.method} ${route.path} under Host '${host}'${keyed ? ' with the key' : ''}`;
				checkAnswer(tally, answer, {finding, label, expect: [403]});
				tally.check(finding, 'a malformed or foreign Host is refused by the DNS-rebinding guard', answer.text.includes('DNS-rebinding guard'), `${label} -> ${answer.status} ${answer.text.slice(0, 150)}`);
				count(answer.status === 403);
			}
		}

		tally.note(`redirect-host: ${badRegistrations.length} redirect URIs offered at registration, ${badAuthorizations.length} at /authorize, ${variants.length * routes.length} malformed or foreign Host requests; accepted: ${accepted} of ${tried} (must be 0)`);
	} finally {
		await daemon.stop();
		rmSync(daemon.home, {recursive: true, force: true});
	}
}
