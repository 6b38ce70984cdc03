import {EmbedderOutage, type Embedder} from '../embedder.js';
import {ProviderOutage} from './provider-errors.js';
import type {ProviderSettings} from './provider-settings.js';
import {LruCache} from './query-cache.js';
import {mapLimited, planRequests} from './request-batches.js';
import {requestVectors, type Exchange} from './request-vectors.js';

/** Queries remembered (a 384-dimension vector is 1.5 KB). */
const cachedQueries = 512;
/** A search does not wait long for a server: past this it ranks by keyword and says why. */
const queryTimeoutMs = 15_000;
const queryPatienceMs = 2000;
/** While the server is out, a search tries it again at most this often (the others fall back at once). */
const probeEveryMs = 5000;

type Down = {readonly reason: string; readonly since: number; lastTry: number};

/**
 * Vectors from a model server (openai or ollama wire format): an ingestion's texts in requests bounded by count
 * and characters, a few in flight, each retried with backoff while the server is out of reach (up to
 * MD_VECTOR_EMBED_WAIT_S, then the ingestion stops with what it committed whole); a search's query with little
 * patience and a cache of recent queries. While the server is out, outage() says why (health, search notices).
 */
export class ProviderEmbedder implements Embedder {
	private readonly queries = new LruCache<string, Float32Array>(cachedQueries);
	private readonly closing = new AbortController();
	private down: Down | undefined;

	constructor(readonly modelId: string, readonly dims: number, private readonly settings: ProviderSettings, private readonly exchange: Omit<Exchange, 'signal'>) {
		// Fields only.
	}

	async embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		return this.embedPlain(texts.map(text => this.settings.documentPrefix + text), signal);
	}

	async embedPlain(inputs: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		// An ingestion's slice (embed-documents.ts) is shared out among the requests in flight.
		const perRequest = Math.min(this.settings.batchTexts, Math.max(1, Math.ceil(inputs.length / this.settings.concurrency)));
		const ranges = planRequests(inputs, perRequest, this.settings.batchChars);
		try {
			const parts = await mapLimited(ranges, this.settings.concurrency, async ([start, end]) =>
				this.request(inputs.slice(start, end), this.settings.waitMs, this.settings.timeoutMs, signal).catch((error: unknown) => {
					throw error instanceof ProviderOutage && !signal?.aborted
						? new EmbedderOutage(`the embedding server stayed out of reach for ${Math.round(this.settings.waitMs / 1000)} s (${error.cause instanceof Error ? error.cause.message : error.message}); `
							+ 'documents committed before it went are whole: run the same command again once it is back (unchanged files are skipped; MD_VECTOR_EMBED_WAIT_S waits longer)', {cause: error})
						: error;
				}));
			return parts.flat();
		} catch (error) {
			signal?.throwIfAborted(); // cancelled: the canceller's reason, as the local model's sessions throw it
			throw error;
		}
	}

	async embedQuery(text: string): Promise<Float32Array> {
		const input = this.settings.queryPrefix + text;
		const cached = this.queries.get(input);
		if (cached) {
			return cached;
		}

		const {down} = this;
		if (down && Date.now() - down.lastTry < probeEveryMs) {
			throw new EmbedderOutage(down.reason);
		}

		if (down) {
			down.lastTry = Date.now();
		}

		const [vector] = await this.request([input], queryPatienceMs, Math.min(queryTimeoutMs, this.settings.timeoutMs));
		this.queries.set(input, vector!);
		return vector!;
	}

	outage(): string | undefined {
		return this.down?.reason;
	}

	async dispose(): Promise<void> {
		this.closing.abort(new Error('the embedding server\'s client is closed: the daemon is stopping'));
	}

	private async request(texts: string[], patienceMs: number, timeoutMs: number, cancel?: AbortSignal): Promise<Float32Array[]> {
		if (this.closing.signal.aborted) {
			throw new Error('the embedding server\'s client is closed: the daemon is stopping');
		}

		try {
			const onRetry = (error: ProviderOutage) => this.markDown(error);
			const vectors = await requestVectors(texts, this.dims, {...this.exchange, signal: cancel ? AbortSignal.any([this.closing.signal, cancel]) : this.closing.signal}, {deadline: Date.now() + patienceMs, timeoutMs, onRetry});
			this.down = undefined;
			return vectors;
		} catch (error) {
			if (error instanceof ProviderOutage) {
				throw new ProviderOutage(this.markDown(error), error.retryAfterMs, {cause: error});
			}

			throw error;
		}
	}

	/** Records that the server is out (searches fall back, health says why); returns the reason. */
	private markDown(error: ProviderOutage): string {
		const reason = `the embedding server is out of reach: ${error.message}`;
		this.down = {reason, since: this.down?.since ?? Date.now(), lastTry: Date.now()};
		return reason;
	}
}
