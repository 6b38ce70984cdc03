import {ProviderError, ProviderOutage} from './provider-errors.js';
import type {ProviderSettings} from './provider-settings.js';

/** Statuses worth another try later: the server is busy or failing, not refusing this request. */
const retryable = new Set([408, 425, 429, 500, 502, 503, 504, 529]);

/** Milliseconds to wait from Retry-After (seconds or an HTTP date) or OpenAI's retry-after-ms; undefined when absent. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
	const milliseconds = Number(headers.get('retry-after-ms'));
	if (headers.has('retry-after-ms') && Number.isFinite(milliseconds) && milliseconds >= 0) {
		return milliseconds;
	}

	const value = headers.get('retry-after')?.trim();
	if (!value) {
		return undefined;
	}

	if (/^\d+(\.\d+)?$/.test(value)) {
		return Number(value) * 1000;
	}

	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function keyRefused(status: number, said: string, settings: ProviderSettings, endpoint: string): ProviderError {
	const has = settings.key ? 'MD_VECTOR_EMBED_KEY' : (settings.keyCommand ? 'the key MD_VECTOR_EMBED_KEY_COMMAND printed' : undefined);
	return new ProviderError('key', has
		? `${endpoint} refused ${has} (${status}${said}): check the key, and that it may use the model ${settings.model}`
		: `${endpoint} needs a key (${status}${said}): set MD_VECTOR_EMBED_KEY, or md-vector config set embed-key-command 'COMMAND THAT PRINTS IT'`);
}

/**
 * What a refusal means, as an error that names the fix: the URL, the key, the model, the size; a status worth
 * retrying is a ProviderOutage carrying its Retry-After.
 */
export function refusal(status: number, message: string | undefined, headers: Headers, settings: ProviderSettings, endpoint: string): ProviderError | ProviderOutage {
	const said = message ? `: ${message.replaceAll(/\s+/g, ' ').slice(0, 300)}` : '';
	if (retryable.has(status)) {
		return new ProviderOutage(`${endpoint} answered ${status}${said}`, retryAfterMs(headers));
	}

	if (status === 401 || status === 403) {
		return keyRefused(status, said, settings, endpoint);
	}

	if (/model/i.test(message ?? '') && (status === 404 || status === 400)) {
		const pull = settings.provider === 'ollama' ? ` (on the server: ollama pull ${settings.model})` : '';
		return new ProviderError('model', `${endpoint} does not know the model '${settings.model}'${said}: check MD_VECTOR_EMBED_MODEL (the embed-model setting)${pull}`);
	}

	if (/dimension/i.test(message ?? '')) {
		return new ProviderError('dimensions', `${endpoint} refused the vector size${said}: unset MD_VECTOR_EMBED_DIMENSIONS (embed-dimensions), or set one the model supports`);
	}

	if (status === 404 || status === 405) {
		const base = settings.provider === 'openai'
			? 'for openai it is the base up to /v1, e.g. http://127.0.0.1:8080/v1 (md-vector posts to BASE/embeddings)'
			: 'for ollama it is the server alone, e.g. http://127.0.0.1:11434 (md-vector posts to BASE/api/embed)';
		return new ProviderError('url', `${endpoint} answered ${status}${said}: check MD_VECTOR_EMBED_URL (the embed-url setting): ${base}`);
	}

	if (status === 400 || status === 413 || status === 422) {
		return new ProviderError('input', `${endpoint} refused the texts (${status}${said}): lower MD_VECTOR_EMBED_BATCH or MD_VECTOR_EMBED_BATCH_CHARS`);
	}

	return new ProviderError('answer', `${endpoint} answered ${status}${said}`);
}
