import type {
	CollectionEntry, CollectionStats, DeleteResult, ExportFormat, Health, ImportResult, IngestMode, IngestResult, Job, SearchMode, SearchResponse,
} from './api-types.js';
import {DaemonError, UnreachableError} from './client-errors.js';
import {readEvents} from './sse.js';

export type SearchInput = {
	readonly query: string;
	readonly top_k?: number;
	readonly mode?: SearchMode;
	readonly collection?: string;
	readonly collapse?: boolean;
	readonly fusion?: 'rrf' | 'convex';
};

export type IngestInput = {
	readonly file_path?: string;
	readonly content?: string;
	readonly file_name?: string;
	readonly collection?: string;
	readonly mode?: IngestMode;
};

/** A typed client of the daemon's /api/v1. Every error is a DaemonError (it answered) or UnreachableError. */
export class DaemonClient {
	private currentHeaders: Readonly<Record<string, string>>;

	/** `renewHeaders`: called when a request gets 401 (an expired token); the request is then sent once more. */
	constructor(readonly baseUrl: string, headers: Readonly<Record<string, string>> = {}, private readonly renewHeaders?: () => Promise<Record<string, string>>) {
		this.currentHeaders = headers;
	}

	get headers(): Readonly<Record<string, string>> {
		return this.currentHeaders;
	}

	/** Asks the headers helper again (after a 401); false when there is none. */
	async renew(): Promise<boolean> {
		if (!this.renewHeaders) {
			return false;
		}

		this.currentHeaders = {...this.currentHeaders, ...await this.renewHeaders()};
		return true;
	}

	async health(signal?: AbortSignal): Promise<Health> {
		return this.json('GET', '/health', undefined, signal);
	}

	async collections(): Promise<{collections: CollectionEntry[]}> {
		return this.json('GET', '/collections');
	}

	async search(input: SearchInput, signal?: AbortSignal): Promise<SearchResponse> {
		return this.json('POST', '/search', input, signal);
	}

	async ingest(input: IngestInput): Promise<IngestResult> {
		return this.json('POST', '/ingest', input);
	}

	async deleteDocument(fileName: string, collection?: string): Promise<DeleteResult> {
		const name = fileName.split('/').map(part => encodeURIComponent(part)).join('/');
		return this.json('DELETE', `/documents/${name}${query({collection})}`);
	}

	async stats(collection?: string): Promise<CollectionStats & {disk_bytes: number}> {
		return this.json('GET', `/stats${query({collection})}`);
	}

	async documents(collection?: string): Promise<{collection: string; documents: Array<{file: string; chunks: number; content_hash: string}>}> {
		return this.json('GET', `/documents${query({collection})}`);
	}

	async startDirectoryJob(input: {directory: string; collection?: string; mode?: IngestMode}): Promise<{job: Job}> {
		return this.json('POST', '/jobs/ingest-directory', input);
	}

	async job(id: string): Promise<{job: Job}> {
		return this.json('GET', `/jobs/${encodeURIComponent(id)}`);
	}

	async cancelJob(id: string): Promise<{job: Job}> {
		return this.json('POST', `/jobs/${encodeURIComponent(id)}/cancel`);
	}

	/** Follows a job with one request: calls onProgress while it runs; resolves with the finished job and its report. */
	async followJob(id: string, onProgress: (job: Job) => void): Promise<Job> {
		const response = await this.send('GET', `/jobs/${encodeURIComponent(id)}/events`);
		for await (const {event, data} of readEvents(response.body!)) {
			const job = JSON.parse(data) as Job;
			if (event === 'done') {
				return job;
			}

			onProgress(job);
		}

		return (await this.job(id)).job; // the stream ended early (daemon stopping): ask once more
	}

	async exportCollection(format: ExportFormat, collection?: string): Promise<ReadableStream<Uint8Array>> {
		return (await this.send('GET', `/export${query({collection, format})}`)).body!;
	}

	async importExport(text: string, collection?: string): Promise<ImportResult> {
		const response = await this.send('POST', `/import${query({collection})}`, text, undefined, 'application/json');
		return response.json() as Promise<ImportResult>;
	}

	/** A route without a method of its own here (the owner's client management: source/oauth/). */
	async call<T>(method: string, route: string, body?: unknown): Promise<T> {
		return this.json(method, route, body);
	}

	private async json<T>(method: string, route: string, body?: unknown, signal?: AbortSignal): Promise<T> {
		const response = await this.send(method, route, body === undefined ? undefined : JSON.stringify(body), signal);
		return response.json() as Promise<T>;
	}

	private async send(method: string, route: string, body?: string, signal?: AbortSignal, contentType = 'application/json', renewed = false): Promise<Response> {
		let response: Response;
		try {
			response = await fetch(`${this.baseUrl}${route}`, {
				method,
				headers: body === undefined ? this.currentHeaders : {...this.currentHeaders, 'content-type': contentType},
				body,
				signal,
			});
		} catch (error) {
			if (signal?.aborted) {
				throw error;
			}

			const {cause} = (error as {cause?: {code?: string; message?: string}});
			throw new UnreachableError(`cannot reach the md-vector daemon at ${this.baseUrl} (${cause?.code ?? cause?.message ?? String(error)})`);
		}

		if (response.status === 401 && !renewed && await this.renew()) {
			await response.body?.cancel();
			return this.send(method, route, body, signal, contentType, true);
		}

		if (!response.ok) {
			const text = await response.text();
			let parsed: {error?: {code?: string; message?: string}} = {};
			try {
				parsed = JSON.parse(text) as typeof parsed;
			} catch {
				// Not JSON: kept as text.
			}

			throw new DaemonError(response.status, parsed.error?.code ?? `http_${response.status}`, parsed.error?.message ?? (text.slice(0, 200) || response.statusText));
		}

		return response;
	}
}

function query(parameters: Record<string, string | undefined>): string {
	const defined = Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
	return defined.length === 0 ? '' : `?${new URLSearchParams(defined).toString()}`;
}
