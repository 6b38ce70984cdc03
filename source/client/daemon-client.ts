import type {getManyBody} from '../../common/get/get-many.js';
import type {renameBody, sourcePathBody} from '../../common/requests/collections.js';
import type {ingestBody} from '../../common/requests/ingest.js';
import type {installBody, modelUseBody, verifyBody} from '../../common/requests/models.js';
import type {directoryJobBody, updateJobBody} from '../../common/requests/sync.js';
import type {searchBody} from '../../common/search-contract.js';
import {defaultCollection} from '../../common/search-defaults.js';
import type {ModelJob} from '../../common/wire/models.js';
import type {
	CollectionDeleted, CollectionRenamed, DocumentText, SourceEntry, SourceRemoved,
	CollectionEntry, CollectionStats, DeleteResult, ExportFormat, Health, ImportResult, IngestResult, Job, ManyDocuments, ModelUseAnswer, SearchResponse,
} from './api-types.js';
import {DaemonError, UnreachableError} from './client-errors.js';
import type {RequestBody} from './request-body.js';
import {readEvents} from './sse.js';
import {httpRequest, type Reply} from './http-request.js';

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

	/** A stored document as indexed, or some of its lines, or one section. */
	/** Several documents by name and glob (POST /documents/get). */
	async getDocuments(input: RequestBody<typeof getManyBody>): Promise<ManyDocuments> {
		return this.json('POST', '/documents/get', input);
	}

	async getDocument(fileName: string, options: {collection?: string; line?: number; count?: number; section?: string}): Promise<DocumentText> {
		// A file's absolute path goes whole in one segment (its '/' as %2F): no empty segment, nothing to resolve.
		const name = fileName.startsWith('/')
			? encodeURIComponent(fileName)
			: fileName.split('/').map(part => (part === '.' || part === '..' ? part.replaceAll('.', '%2E') : encodeURIComponent(part))).join('/');
		const {collection, line, count, section} = options;
		return this.json('GET', `/documents/${name}${query({collection, line: line?.toString(), count: count?.toString(), section})}`);
	}

	async deleteCollection(name: string): Promise<CollectionDeleted> {
		return this.json('DELETE', `/collections/${encodeURIComponent(name)}`);
	}

	async renameCollection(name: string, next: string): Promise<CollectionRenamed> {
		return this.json('PATCH', `/collections/${encodeURIComponent(name)}`, {name: next} satisfies RequestBody<typeof renameBody>);
	}

	async sources(name: string): Promise<{collection: string; sources: SourceEntry[]}> {
		return this.json('GET', `/collections/${encodeURIComponent(name)}/sources`);
	}

	async removeSource(name: string, folder: string): Promise<SourceRemoved> {
		return this.json('DELETE', `/collections/${encodeURIComponent(name)}/sources`, {path: folder} satisfies RequestBody<typeof sourcePathBody>);
	}

	async search(input: RequestBody<typeof searchBody>, signal?: AbortSignal): Promise<SearchResponse> {
		return this.json('POST', '/search', input, signal);
	}

	async ingest(input: RequestBody<typeof ingestBody>): Promise<IngestResult> {
		return this.json('POST', '/ingest', input);
	}

	async deleteDocument(fileName: string, collection?: string): Promise<DeleteResult> {
		// A '.' or '..' segment is sent encoded: left as it is, URL parsing would resolve it and name another document.
		const name = fileName.split('/').map(part => (part === '.' || part === '..' ? part.replaceAll('.', '%2E') : encodeURIComponent(part))).join('/');
		return this.json('DELETE', `/documents/${name}${query({collection})}`);
	}

	async stats(collection?: string): Promise<CollectionStats & {disk_bytes: number}> {
		return this.json('GET', `/stats${query({collection})}`);
	}

	async documents(collection?: string): Promise<{collection: string; documents: Array<{file: string; chunks: number; content_hash: string}>}> {
		return this.json('GET', `/documents${query({collection})}`);
	}

	async startDirectoryJob(input: RequestBody<typeof directoryJobBody>): Promise<{job: Job}> {
		return this.json('POST', '/jobs/ingest-directory', input);
	}

	/** Re-syncs the folder sources of one collection, or of every collection that has some, as a job. */
	async startUpdateJob(input: RequestBody<typeof updateJobBody>): Promise<{job: Job}> {
		return this.json('POST', '/jobs/update', input);
	}

	/** Switches one collection (or every one, and the default model) to a model, in place (POST /models/use). */
	async useModel(input: RequestBody<typeof modelUseBody>): Promise<ModelUseAnswer> {
		return this.json('POST', '/models/use', input);
	}

	async job(id: string): Promise<{job: Job}> {
		return this.json('GET', `/jobs/${encodeURIComponent(id)}`);
	}

	/** Every job this daemon runs or still keeps (without per-file reports), page after page. */
	async jobs(signal?: AbortSignal): Promise<{jobs: Job[]}> {
		const jobs: Job[] = [];
		for (let after: string | undefined; ;) {
			const page: {jobs: Job[]; next?: string} = await this.json('GET', `/jobs${query({limit: '100', after})}`, undefined, signal);
			jobs.push(...page.jobs);
			if (page.next === undefined || page.jobs.length === 0) {
				return {jobs};
			}

			after = page.next;
		}
	}

	async cancelJob(id: string): Promise<{job: Job}> {
		return this.json('POST', `/jobs/${encodeURIComponent(id)}/cancel`);
	}

	/** Follows a job with one request: calls onProgress while it runs; resolves with the finished job and its report. */
	/**
	 * Has the daemon follow the folder sources (of one collection, or all) while this runs: each event (ready,
	 * sync with a collection's report, error) goes to `onEvent`. Resolves when the daemon ends the stream.
	 */
	async watch(collection: string | undefined, onEvent: (event: string, data: unknown) => void): Promise<void> {
		const response = await this.send('GET', `/watch/events${query({collection})}`);
		for await (const {event, data} of readEvents(response.body)) {
			onEvent(event, JSON.parse(data));
		}
	}

	async followJob(id: string, onProgress: (job: Job) => void): Promise<Job> {
		const response = await this.send('GET', `/jobs/${encodeURIComponent(id)}/events`);
		try {
			for await (const {event, data} of readEvents(response.body)) {
				const job = JSON.parse(data) as Job;
				if (event === 'done') {
					return job;
				}

				onProgress(job);
			}
		} catch (error) {
			// The connection broke mid-stream: the daemon was killed, or stopped at once (a second Ctrl-C of serve).
			throw new UnreachableError(`the daemon at ${this.baseUrl} went away while the job ran (${(error as Error).message}): what it committed is kept; run the command again to resume`);
		}

		return (await this.job(id)).job; // the stream ended early (daemon stopping): ask once more
	}

	/** Installs a model of the catalogue, as a job (POST /models/install; the owner's). */
	async installModel(input: RequestBody<typeof installBody>): Promise<{job: ModelJob}> {
		return this.json('POST', '/models/install', input);
	}

	/** Checks one installed model, or every one, as a job (POST /models/verify; the owner's). */
	async verifyModel(input: RequestBody<typeof verifyBody>): Promise<{job: ModelJob}> {
		return this.json('POST', '/models/verify', input);
	}

	/** Follows a model install or verify (GET /models/jobs/:id/events) to its end. */
	async followModelJob(id: string, onProgress: (job: ModelJob) => void): Promise<ModelJob> {
		const response = await this.send('GET', `/models/jobs/${encodeURIComponent(id)}/events`);
		for await (const {event, data} of readEvents(response.body)) {
			const job = JSON.parse(data) as ModelJob;
			if (event === 'done') {
				return job;
			}

			onProgress(job);
		}

		return (await this.json<{job: ModelJob}>('GET', `/models/jobs/${encodeURIComponent(id)}`)).job;
	}

	async exportCollection(format: ExportFormat, collection?: string): Promise<AsyncIterable<Uint8Array> & NodeJS.ReadableStream> {
		return (await this.send('GET', `/export${query({collection, format})}`)).body;
	}

	async importExport(text: string, collection?: string): Promise<ImportResult> {
		const response = await this.send('POST', `/import${query({collection})}`, text, undefined, 'application/json');
		return response.json() as Promise<ImportResult>;
	}

	/** A route without a method of its own here (the owner's client management: source/commands/clients/). */
	async call<T>(method: string, route: string, body?: unknown): Promise<T> {
		return this.json(method, route, body);
	}

	/**
	 * "collection 'x' does not exist" names the ones that do; for `default` (what a command without -C uses),
	 * also how to name one.
	 */
	private async withCollections(message: string): Promise<string> {
		const missing = /^collection '(.*)' does not exist$/.exec(message)?.[1];
		if (missing === undefined) {
			return message;
		}

		const existing = await existingCollections(this);
		const pick = missing === defaultCollection && existing.startsWith('existing') ? '; name one with -C NAME' : '';
		return existing ? `${message}; ${existing}${pick}` : message;
	}

	private async json<T>(method: string, route: string, body?: unknown, signal?: AbortSignal): Promise<T> {
		const response = await this.send(method, route, body === undefined ? undefined : JSON.stringify(body), signal);
		return response.json() as Promise<T>;
	}

	private async send(method: string, route: string, body?: string, signal?: AbortSignal, contentType = 'application/json', renewed = false): Promise<Reply> {
		let response: Reply;
		try {
			response = await httpRequest(`${this.baseUrl}${route}`, {
				method,
				headers: body === undefined ? this.currentHeaders : {...this.currentHeaders, 'content-type': contentType},
				body,
				signal,
			});
		} catch (error) {
			if (signal?.aborted) {
				throw error;
			}

			const {code, message} = error as NodeJS.ErrnoException;
			throw new UnreachableError(`cannot reach the md-vector daemon at ${this.baseUrl} (${code ?? message})`);
		}

		if (response.status === 401 && !renewed && await this.renew()) {
			response.body.resume(); // drained, so the connection is reused
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

			const message = parsed.error?.message ?? (text.slice(0, 200) || response.statusText);
			throw new DaemonError(response.status, parsed.error?.code ?? `http_${response.status}`, response.status === 404 ? await this.withCollections(message) : message);
		}

		return response;
	}
}

/** Collections this client may see, for a message about one that does not exist. */
async function existingCollections(client: DaemonClient): Promise<string> {
	try {
		const names = (await client.collections()).collections.map(collection => collection.name);
		return names.length === 0 ? 'there are no collections yet (md-vector ingest-dir DIR -C NAME makes one)' : `existing collections: ${names.join(', ')}`;
	} catch {
		return '';
	}
}

function query(parameters: Record<string, string | undefined>): string {
	const defined = Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
	return defined.length === 0 ? '' : `?${new URLSearchParams(defined).toString()}`;
}
