// The CLI's HTTP transport: node:http rather than fetch, whose first call loads undici (~50 ms of every
// one-shot command). Keep-alive, so the health probe and the request share one connection.
import http, {type IncomingMessage} from 'node:http';

export type Reply = {
	readonly status: number;
	readonly ok: boolean;
	readonly statusText: string;
	/** The body as it arrives (an async iterable of chunks). */
	readonly body: IncomingMessage;
	text(): Promise<string>;
	json(): Promise<unknown>;
};

export type RequestInit = {
	readonly method: string;
	readonly headers: Readonly<Record<string, string>>;
	readonly body?: string;
	readonly signal?: AbortSignal;
};

const agents = new Map<string, http.Agent>();

async function agentFor(protocol: string): Promise<http.Agent> {
	let agent = agents.get(protocol);
	if (!agent) {
		// https only for a daemon elsewhere (--url): loaded then.
		agent = protocol === 'https:' ? new (await import('node:https')).Agent({keepAlive: true}) : new http.Agent({keepAlive: true});
		agents.set(protocol, agent);
	}

	return agent;
}

async function readAll(body: IncomingMessage): Promise<string> {
	const parts: Buffer[] = [];
	for await (const part of body) {
		parts.push(part as Buffer);
	}

	return Buffer.concat(parts).toString('utf8');
}

export async function httpRequest(url: string, init: RequestInit): Promise<Reply> {
	try {
		return await send(url, init);
	} catch (error) {
		// A kept-alive connection the daemon closed while idle (after 5 s), while this process was too busy to see
		// it go: the request went out on a dead socket, and the daemon never read it. Sent once more, on a new one.
		// Without this the health probe took a running daemon for gone and removed its discovery record.
		if (error instanceof StaleSocket) {
			return send(url, init);
		}

		throw error;
	}
}

/** The request failed on a reused keep-alive socket before any answer: the server had closed it. */
class StaleSocket extends Error {
	override readonly name = 'StaleSocket';
}

async function send(url: string, init: RequestInit): Promise<Reply> {
	const target = new URL(url);
	const agent = await agentFor(target.protocol);
	const request = target.protocol === 'https:' ? (await import('node:https')).request : http.request;
	return new Promise<Reply>((resolve, reject) => {
		// The path as written, not as URL parsing normalises it ('..' segments resolved, even encoded ones).
		const rawPath = url.slice(url.indexOf('/', url.indexOf('//') + 2));
		const options = {
			protocol: target.protocol, hostname: target.hostname.replaceAll(/^\[|]$/g, ''), port: target.port, path: rawPath,
			method: init.method, agent, signal: init.signal,
			// Measured: Node sends a DELETE's body neither chunked nor with a length otherwise, and the server reads it as the next request.
			headers: typeof init.body === 'string' ? {...init.headers, 'content-length': String(Buffer.byteLength(init.body))} : init.headers,
		};
		const outgoing = request(options, body => {
			const status = body.statusCode ?? 0;
			resolve({
				status, ok: status >= 200 && status < 300, statusText: body.statusMessage ?? '', body,
				text: async () => readAll(body),
				json: async () => JSON.parse(await readAll(body)) as unknown,
			});
		});
		outgoing.once('error', (error: NodeJS.ErrnoException) => {
			reject(outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') ? new StaleSocket(error.message) : error);
		});
		outgoing.end(init.body);
	});
}
