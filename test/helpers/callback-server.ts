// The loopback listener an assistant's host opens to receive the authorization code (RFC 8252), and a page on
// another origin for the cross-site test. Each callback resolves the next `callback()` promise.
import {createServer, type Server} from 'node:http';

export type Callback = {readonly code?: string; readonly error?: string; readonly state?: string};

export type CallbackServer = {
	readonly origin: string;
	readonly url: string;
	/** Resolves with the query of the next request to /callback (rejects after 60 s: a test fails, never hangs). */
	next(): Promise<Callback>;
	/** Serves `html` at /page (another origin's page, for the cross-site test). */
	serve(html: string): string;
	close(): Promise<void>;
};

export async function startCallbackServer(): Promise<CallbackServer> {
	let waiting: ((callback: Callback) => void) | undefined;
	let received: Callback[] = [];
	let page = '';
	const server: Server = createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		if (url.pathname === '/page') {
			response.writeHead(200, {'content-type': 'text/html'}).end(page);
			return;
		}

		if (url.pathname !== '/callback') { // the browser's /favicon.ico, say
			response.writeHead(404).end();
			return;
		}

		const callback = {code: url.searchParams.get('code') ?? undefined, error: url.searchParams.get('error') ?? undefined, state: url.searchParams.get('state') ?? undefined};
		response.writeHead(200, {'content-type': 'text/html'}).end('<p>Signed in; you can close this page.</p>');
		if (waiting) {
			waiting(callback);
			waiting = undefined;
		} else {
			received.push(callback);
		}
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as {port: number};
	const origin = `http://127.0.0.1:${port}`;
	return {
		origin,
		url: `${origin}/callback`,
		async next() {
			const [first, ...rest] = received;
			if (first) {
				received = rest;
				return first;
			}

			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					reject(new Error('no callback within 60 s: the browser never came back from the consent page'));
				}, 60_000);
				waiting = callback => {
					clearTimeout(timer);
					resolve(callback);
				};
			});
		},
		serve(html) {
			page = html;
			return `${origin}/page`;
		},
		async close() {
			await new Promise<void>(resolve => server.close(() => {
				resolve();
			}));
		},
	};
}
