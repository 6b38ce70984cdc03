import {EmbedderOutage} from '../embedder.js';

/**
 * A model server's answer md-vector cannot use, and the fix: a wrong URL, key, model or size, or an answer that
 * is not vectors. Waiting does not help, so nothing retries it.
 */
export class ProviderError extends Error {
	constructor(readonly kind: 'url' | 'key' | 'model' | 'dimensions' | 'answer' | 'input', message: string, options?: ErrorOptions) {
		super(message, options);
		this.name = 'ProviderError';
	}
}

/** The server is out of reach for now (refused, timed out, 429, 5xx): retried with backoff, then reported as an outage. */
export class ProviderOutage extends EmbedderOutage {
	constructor(message: string, readonly retryAfterMs?: number, options?: ErrorOptions) {
		super(message, options);
		this.name = 'ProviderOutage';
	}
}

/** A short reason from an error of fetch (undici puts the system error, ECONNREFUSED..., in `cause`). */
export function networkReason(error: unknown): string {
	const cause = (error as {cause?: {code?: string; message?: string}} | undefined)?.cause;
	if (cause?.code) {
		return cause.code;
	}

	return error instanceof Error ? (cause?.message ?? error.message) : String(error);
}
