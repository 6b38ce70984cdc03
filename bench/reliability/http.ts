import http from 'node:http';
import net from 'node:net';

/** An HTTP answer as the suite checks it; status 0 when there was none (reset, timeout). */
export type Answer = {
	readonly status: number;
	readonly headers: Record<string, string | string[] | undefined>;
	readonly text: string;
	readonly ms: number;
	/** Why there was no answer. */
	readonly error?: string;
};

export type Request = {
	readonly method: string;
	/** Path and query, sent as given (no encoding is added or checked). */
	readonly path: string;
	readonly headers?: Record<string, string | string[]>;
	readonly body?: string | Buffer;
	readonly timeoutMs?: number;
	/** The loopback address to send from (127.0.0.0/8): the daemon counts failed authentications per address. */
	readonly localAddress?: string;
};

const agent = new http.Agent({keepAlive: true, maxSockets: 32});

/** Sends a request with node:http (any method, Host and header the client library lets through). */
export async function send(base: URL, request: Request): Promise<Answer> {
	const started = performance.now();
	return new Promise(resolve => {
		const finish = (answer: Omit<Answer, 'ms'>) => {
			resolve({...answer, ms: performance.now() - started});
		};

		let outgoing: http.ClientRequest;
		try {
			outgoing = http.request({
				host: base.hostname, port: base.port, method: request.method, path: request.path, agent, localAddress: request.localAddress,
				headers: request.body === undefined ? request.headers : {'content-length': String(Buffer.byteLength(request.body)), ...request.headers},
				timeout: request.timeoutMs ?? 30_000,
			});
		} catch (error) {
			finish({status: -1, headers: {}, text: '', error: `not sendable: ${(error as Error).message}`});
			return;
		}

		outgoing.on('response', response => {
			const parts: Buffer[] = [];
			response.on('data', (part: Buffer) => parts.push(part));
			response.on('end', () => {
				finish({status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(parts).toString()});
			});
			response.on('error', error => {
				finish({status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(parts).toString(), error: error.message});
			});
		});
		outgoing.on('timeout', () => {
			outgoing.destroy(new Error('timed out'));
		});
		outgoing.on('error', error => {
			finish({status: 0, headers: {}, text: '', error: error.message});
		});
		outgoing.end(request.body);
	});
}

/**
 * Writes bytes to the port as they are (malformed request lines, bad headers, lying lengths) and reads the
 * answer until the server closes or `timeoutMs` passes.
 */
export async function sendRaw(base: URL, bytes: string | Buffer, timeoutMs = 10_000): Promise<Answer> {
	const started = performance.now();
	return new Promise(resolve => {
		const socket = net.connect(Number(base.port), base.hostname);
		const parts: Buffer[] = [];
		let done = false;
		const finish = (error?: string) => {
			if (done) {
				return;
			}

			done = true;
			socket.destroy();
			resolve({...parseRaw(Buffer.concat(parts)), ms: performance.now() - started, ...(error ? {error} : {})});
		};

		socket.setTimeout(timeoutMs, () => {
			finish(parts.length === 0 ? 'timed out without an answer' : undefined);
		});
		socket.on('data', (part: Buffer) => {
			parts.push(part);
			if (completeResponse(Buffer.concat(parts))) {
				finish();
			}
		});
		socket.on('end', () => {
			finish();
		});
		socket.on('error', error => {
			finish(error.message);
		});
		socket.write(bytes);
	});
}

function parseRaw(bytes: Buffer): {status: number; headers: Record<string, string>; text: string} {
	const text = bytes.toString('latin1');
	const end = text.indexOf('\r\n\r\n');
	const head = end === -1 ? text : text.slice(0, end);
	const [statusLine = '', ...headerLines] = head.split('\r\n');
	const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
	const headers = Object.fromEntries(headerLines.map(line => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
	let body = end === -1 ? '' : bytes.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
	if (headers['transfer-encoding'] === 'chunked' && typeof body !== 'string') {
		body = dechunk(body);
	}

	return {status, headers, text: body.toString()};
}

/** Whether a buffered raw response is whole (its Content-Length reached, or a chunked body ended). */
function completeResponse(bytes: Buffer): boolean {
	const text = bytes.toString('latin1');
	const end = text.indexOf('\r\n\r\n');
	if (end === -1) {
		return false;
	}

	const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end))?.[1];
	if (length !== undefined) {
		return bytes.length - (end + 4) >= Number(length);
	}

	return /\r\ntransfer-encoding:\s*chunked/i.test(text.slice(0, end)) && text.endsWith('0\r\n\r\n');
}

function dechunk(body: Buffer): Buffer {
	const parts: Buffer[] = [];
	let at = 0;
	for (;;) {
		const lineEnd = body.indexOf('\r\n', at);
		if (lineEnd === -1) {
			break;
		}

		const size = Number.parseInt(body.subarray(at, lineEnd).toString(), 16);
		if (!(size > 0)) {
			break;
		}

		parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
		at = lineEnd + 2 + size + 2;
	}

	return Buffer.concat(parts);
}

/** The body as JSON, or undefined. */
export function json(answer: Answer): any {
	try {
		return JSON.parse(answer.text);
	} catch {
		return undefined;
	}
}
