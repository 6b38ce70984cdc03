import {networkReason, ProviderError, ProviderOutage} from './provider-errors.js';

export type JsonAnswer = {
	readonly status: number;
	/** The body parsed as JSON, or its text when it is not JSON. */
	readonly body: unknown;
	readonly headers: Headers;
};

/** An answer larger than this is refused: 2,048 vectors of 3,072 floats as JSON text stay well below it. */
const maxAnswerBytes = 256 * 1024 * 1024;

/**
 * POSTs a JSON body and reads the answer whole, within `timeoutMs` for the whole exchange and `maxAnswerBytes`.
 * Network failures and time-outs are ProviderOutage (the caller retries them); any HTTP status is an answer.
 */
export async function postJson(url: string, body: unknown, options: {readonly headers: Record<string, string>; readonly timeoutMs: number; readonly signal?: AbortSignal}): Promise<JsonAnswer> {
	const timeout = AbortSignal.timeout(options.timeoutMs);
	const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: {'content-type': 'application/json', accept: 'application/json', ...options.headers},
			body: JSON.stringify(body),
			signal,
			redirect: 'error', // a redirect would resend the key to wherever it points
		});
		const text = await readBounded(response);
		return {status: response.status, body: parseJson(text), headers: response.headers};
	} catch (error) {
		if (options.signal?.aborted) {
			throw error; // closed by md-vector: not an outage
		}

		if (timeout.aborted) {
			throw new ProviderOutage(`${url} did not answer within ${options.timeoutMs / 1000} s`, undefined, {cause: error});
		}

		if (error instanceof ProviderError) {
			throw error;
		}

		throw new ProviderOutage(`${url} cannot be reached (${networkReason(error)})`, undefined, {cause: error});
	}
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

async function readBounded(response: Response): Promise<string> {
	if (!response.body) {
		return '';
	}

	const chunks: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
		size += chunk.byteLength;
		if (size > maxAnswerBytes) {
			await response.body.cancel().catch(() => undefined);
			throw new ProviderError('answer', `${response.url} answered more than ${maxAnswerBytes / 1024 / 1024} MB: lower MD_VECTOR_EMBED_BATCH`);
		}

		chunks.push(chunk);
	}

	return Buffer.concat(chunks).toString('utf8');
}
