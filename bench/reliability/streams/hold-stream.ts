// An event stream the suite holds open, as a client does: its own connection (no pooled agent, which would queue
// it behind others), resolved once the stream says it is ready, or with the refusal it got instead.
import http from 'node:http';

export type HeldStream = {
	readonly status: number;
	/** Retry-After of a refusal. */
	readonly retryAfter?: string;
	/** The first bytes: the ready event, or the refusal's body. */
	readonly text: string;
	/** Whether the daemon has ended it (a job's `done`). */
	ended(): boolean;
	close(): void;
};

/** Opens GET `route` and waits until `ready` arrives (or the answer is not 200, or `timeoutMs` passes: status 0). */
export async function holdStream(base: URL, route: string, headers: Record<string, string>, ready: RegExp, timeoutMs = 120_000): Promise<HeldStream> {
	return new Promise(resolve => {
		let text = '';
		let ended = false;
		let settled = false;
		const request = http.get({host: base.hostname, port: base.port, path: route, headers: {accept: 'text/event-stream', ...headers}, agent: false});
		const close = () => {
			request.destroy();
		};

		const settle = (status: number, retryAfter?: string) => {
			if (!settled) {
				settled = true;
				clearTimeout(timer);
				resolve({status, retryAfter, text, ended: () => ended, close});
			}
		};

		const timer = setTimeout(() => {
			close();
			settle(0);
		}, timeoutMs);
		request.on('response', response => {
			const retryAfter = response.headers['retry-after'];
			response.on('data', (part: Buffer) => {
				if (text.length < 2000) {
					text += part.toString();
				}

				if (response.statusCode === 200 && ready.test(text)) {
					settle(200);
				}
			});
			response.on('end', () => {
				ended = true;
				settle(response.statusCode ?? 0, typeof retryAfter === 'string' ? retryAfter : undefined);
			});
			response.on('error', () => {
				ended = true;
			});
		});
		request.on('error', () => {
			ended = true;
			settle(0);
		});
	});
}
