import {setTimeout as sleep} from 'node:timers/promises';
import {readKey} from './api-key.js';
import {checkVectors} from './check-vectors.js';
import {postJson} from './post-json.js';
import {ProviderError, ProviderOutage} from './provider-errors.js';
import type {ProviderSettings} from './provider-settings.js';
import {refusal} from './refusals.js';
import {wireFormats} from './wire-formats.js';

/** The key, read once and again after a refusal when a command prints it (keys that expire). */
export class KeyHolder {
	private key: Promise<string | undefined> | undefined;

	constructor(private readonly settings: ProviderSettings) {
		// Fields only.
	}

	async get(): Promise<string | undefined> {
		this.key ??= readKey(this.settings);
		try {
			return await this.key;
		} catch (error) {
			this.key = undefined;
			throw error;
		}
	}

	/** Whether reading it again may give another key. */
	refresh(): boolean {
		this.key = undefined;
		return Boolean(this.settings.keyCommand && !this.settings.key);
	}
}

export type Exchange = {
	readonly settings: ProviderSettings;
	readonly key: KeyHolder;
	/** Aborted when the embedder is disposed. */
	readonly signal: AbortSignal;
};

export type Patience = {
	/** Retries stop once waiting longer would pass this time (ms since the epoch). */
	readonly deadline: number;
	/** One request's time limit. */
	readonly timeoutMs: number;
	/** Told of each failure that will be retried (the server is out meanwhile). */
	readonly onRetry?: (error: ProviderOutage) => void;
};

/** Backoff before retry `attempt` (0-based): 0.5 s doubling to 30 s, with jitter so clients do not retry in step. */
export const backoffMs = (attempt: number) => Math.min(30_000, 500 * (2 ** attempt)) * (0.75 + (Math.random() * 0.5));

/** One request: the vectors of these texts, checked (check-vectors.ts), or the error that names the fix. */
async function requestOnce(texts: readonly string[], dims: number | undefined, exchange: Exchange, timeoutMs: number): Promise<Float32Array[]> {
	const {settings} = exchange;
	const format = wireFormats[settings.provider];
	const endpoint = format.endpoint(settings.url);
	const key = await exchange.key.get();
	const answer = await postJson(endpoint, format.body(texts, settings), {headers: key ? {authorization: `Bearer ${key}`} : {}, timeoutMs, signal: exchange.signal});
	if (answer.status < 200 || answer.status >= 300) {
		throw refusal(answer.status, format.message(answer.body), answer.headers, settings, endpoint);
	}

	const raw = format.vectors(answer.body);
	if (!raw) {
		const said = format.message(answer.body);
		throw new ProviderError('url', `${endpoint} answered ${answer.status} without vectors${said ? ` (${said})` : ''}: check MD_VECTOR_EMBED_URL and MD_VECTOR_EMBED_PROVIDER (openai posts to BASE/embeddings, ollama to BASE/api/embed)`);
	}

	return checkVectors(raw, texts.length, dims, endpoint);
}

/**
 * The vectors of these texts from the server: retried with backoff while it is out of reach or answers 429/5xx
 * (honouring Retry-After) until `patience.deadline`; a request refused as too large is split in two; a refused
 * key is read again once when a command prints it. Errors name the fix (refusals.ts).
 */
export async function requestVectors(texts: readonly string[], dims: number | undefined, exchange: Exchange, patience: Patience): Promise<Float32Array[]> {
	let keyRead = false;
	for (let attempt = 0; ; attempt++) {
		try {
			return await requestOnce(texts, dims, exchange, patience.timeoutMs);
		} catch (error) {
			if (error instanceof ProviderError && error.kind === 'input' && texts.length > 1) {
				const half = Math.ceil(texts.length / 2);
				const first = await requestVectors(texts.slice(0, half), dims, exchange, patience);
				return [...first, ...await requestVectors(texts.slice(half), dims ?? first[0]!.length, exchange, patience)];
			}

			if (error instanceof ProviderError && error.kind === 'key' && !keyRead && exchange.key.refresh()) {
				keyRead = true;
				continue;
			}

			if (!(error instanceof ProviderOutage) || exchange.signal.aborted) {
				throw error;
			}

			const wait = error.retryAfterMs ?? backoffMs(attempt);
			if (Date.now() + wait > patience.deadline) {
				throw error;
			}

			patience.onRetry?.(error);
			await sleep(wait, undefined, {signal: exchange.signal});
		}
	}
}
