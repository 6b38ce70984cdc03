// A server-sent event stream held open by a test, as a client holds one: GET with fetch, the text read as it
// comes, closed by aborting. A refused stream (not 200) is read whole, as the JSON error it is.
import {poll} from '../../source/client/poll.js';

export type EventStream = {
	readonly status: number;
	readonly headers: Headers;
	/** The JSON body of a refusal. */
	readonly body?: any;
	/** Everything received so far. */
	text(): string;
	/** Resolves once `pattern` has arrived (throws after `timeoutMs`). */
	until(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
	close(): void;
};

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
	const controller = new AbortController();
	const response = await fetch(url, {headers: {accept: 'text/event-stream', ...headers}, signal: controller.signal});
	if (response.status !== 200) {
		const body: unknown = await response.json();
		return {status: response.status, headers: response.headers, body, text: () => '', until: async () => undefined, close: () => undefined};
	}

	let received = '';
	const decoder = new TextDecoder();
	void (async () => {
		try {
			for await (const part of response.body!) {
				received += decoder.decode(part, {stream: true});
			}
		} catch {
			// Aborted by close(), or the daemon ended it: what arrived stays readable.
		}
	})();

	const has = (pattern: string | RegExp) => (typeof pattern === 'string' ? received.includes(pattern) : pattern.test(received));
	return {
		status: response.status,
		headers: response.headers,
		text: () => received,
		async until(pattern, timeoutMs = 60_000) {
			if (!await poll(() => (has(pattern) ? true : undefined), timeoutMs)) {
				throw new Error(`no ${String(pattern)} on ${url} within ${timeoutMs / 1000} s; got: ${received.slice(0, 500)}`);
			}
		},
		close() {
			controller.abort();
		},
	};
}
