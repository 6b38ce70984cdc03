// A FAKE embedding server, for the error paths a real one will not show on demand (429 with Retry-After, 5xx,
// NaN in a vector, a wrong count, a vanished server). It is never called real: the tests against real servers
// use md-vector's own endpoint and Ollama (test/providers/real-servers.test.ts).
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export type FakeRequest = {readonly path: string; readonly body: any; readonly headers: IncomingMessage['headers']; readonly at: number};

/** What the fake answers to one request: a status, headers and a body (undefined: the default answer). */
export type FakeAnswer = {readonly status?: number; readonly headers?: Record<string, string>; readonly body?: unknown} | 'hang up';

/** A deterministic vector per text (not unit length: the client must normalise it). */
export function fakeVector(text: string, dims: number): number[] {
	let seed = 0;
	for (const char of text) {
		seed = ((seed * 31) + char.codePointAt(0)!) % 1_000_003;
	}

	return Array.from({length: dims}, (_, index) => Math.sin(seed + (index * 1.7)) * 3);
}

// The data of an OpenAI answer comes back last index first: the client must place each vector by its index.
export type FakeServer = {
	readonly url: string;
	readonly requests: FakeRequest[];
	/** Answers to give, in order, before the default one (vectors of `dims` in the request's wire format). */
	readonly script: FakeAnswer[];
	/** Requests being answered now, and the most at once so far. */
	readonly inFlight: () => {now: number; most: number};
	/** Holds every answer until release() (to count requests in flight). */
	hold(): void;
	release(): void;
	close(): Promise<void>;
};

function defaultAnswer(path: string, body: any, dims: number): unknown {
	const texts: string[] = typeof body?.input === 'string' ? [body.input] : body?.input ?? [];
	const vectors = texts.map(text => fakeVector(text, dims));
	return path.endsWith('/api/embed')
		? {model: body.model, embeddings: vectors}
		: {object: 'list', model: body.model, data: vectors.map((embedding, index) => ({object: 'embedding', index, embedding})).sort((a, b) => b.index - a.index), usage: {prompt_tokens: 1, total_tokens: 1}};
}

/** A fake server on loopback; `port` to come back on the port of one that was closed. */
export async function startFakeEmbeddingServer(options: {readonly dims?: number; readonly port?: number; readonly key?: string} = {}): Promise<FakeServer> {
	const dims = options.dims ?? 8;
	const requests: FakeRequest[] = [];
	const script: FakeAnswer[] = [];
	let now = 0;
	let most = 0;
	let held: Array<() => void> | undefined;
	const answer = async (request: IncomingMessage, response: ServerResponse) => {
		let text = '';
		for await (const chunk of request) {
			text += String(chunk);
		}

		const body = JSON.parse(text || '{}') as unknown;
		requests.push({path: request.url ?? '', body, headers: request.headers, at: Date.now()});
		now++;
		most = Math.max(most, now);
		if (held) {
			await new Promise<void>(resolve => held!.push(resolve));
		}

		now--;
		const next = script.shift();
		if (next === 'hang up') {
			request.socket.destroy();
			return;
		}

		if (options.key && request.headers.authorization !== `Bearer ${options.key}` && !next) {
			response.writeHead(401, {'content-type': 'application/json'}).end(JSON.stringify({error: {message: 'Incorrect API key provided'}}));
			return;
		}

		response.writeHead(next?.status ?? 200, {'content-type': 'application/json', ...next?.headers});
		response.end(JSON.stringify(next?.body ?? defaultAnswer(request.url ?? '', body, dims)));
	};

	const server: Server = createServer((request, response) => {
		void answer(request, response);
	});
	await new Promise<void>(resolve => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	const release = () => {
		const waiting = held ?? [];
		held = undefined;
		for (const resolve of waiting) {
			resolve();
		}
	};

	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		script,
		inFlight: () => ({now, most}),
		hold() {
			held = [];
		},
		release,
		async close() {
			release();
			server.closeAllConnections();
			await new Promise(resolve => server.close(resolve));
		},
	};
}
