import {ThreadCalls} from '../threads/thread-calls.js';
import type {Embedder} from './embedder.js';
import type {ModelConfig} from './model-config.js';
import type {LoadProgress} from './transformers-embedder.js';

/** What a thread embeds: a search's queries (one short text at a time), or an ingestion's documents (batches). */
export type EmbedderRole = 'queries' | 'documents';

export type EmbedderThreadData = {readonly config: ModelConfig; readonly cacheDir: string; readonly role: EmbedderRole};

export type EmbedderRequest
	= | {readonly op: 'load'}
		| {readonly op: 'documents'; readonly texts: readonly string[]; readonly key?: number}
		| {readonly op: 'cancel'; readonly key: number}
		| {readonly op: 'query'; readonly text: string}
		| {readonly op: 'dispose'};

export type EmbedderReply = {
	readonly modelId?: string;
	readonly dims?: number;
	readonly vectors?: Float32Array[];
};

type Thread = ThreadCalls<EmbedderRequest, EmbedderReply, Parameters<LoadProgress>[0]>;

export type ThreadEmbedderOptions = {
	readonly onProgress?: LoadProgress;
	/**
	 * After documents were embedded and none came for this long, the documents' thread ends: ONNX Runtime's memory
	 * arena grows to the largest batches of an ingestion and never shrinks (200-300 MB here), while searches need
	 * little (their thread stays). 0: never.
	 */
	readonly releaseAfterMs?: number;
	readonly log?: (line: string) => void;
};

/**
 * loadTransformersEmbedder on threads of its own (embedder-thread-main.ts): the same model, loading errors and
 * progress, but the daemon's thread stays free while ONNX Runtime computes. Two threads, each with the model: one
 * for searches' queries, always loaded, and one for ingestions' documents, started with the first batch and ended
 * once ingestion goes idle. A query never waits behind a batch (issue 37), and the documents' thread runs at a
 * lower CPU priority, so searches take the cores first while an ingestion embeds.
 */
export async function loadThreadEmbedder(config: ModelConfig, cacheDir: string, options: ThreadEmbedderOptions = {}): Promise<Embedder> {
	const start = async (role: EmbedderRole, onProgress?: LoadProgress) => {
		const data: EmbedderThreadData = {config, cacheDir, role};
		const thread: Thread = new ThreadCalls(new URL('embedder-thread-main.js', import.meta.url), `embedding (${role})`, () => [], {workerData: data, onNotice: onProgress});
		try {
			return {thread, loaded: await thread.call({op: 'load'})};
		} catch (error) {
			await thread.close();
			throw error;
		}
	};

	const {thread, loaded} = await start('queries', options.onProgress);
	return new ThreadEmbedder(loaded.modelId!, loaded.dims!, thread, async () => (await start('documents')).thread, options);
}

type Lane = {readonly thread: Thread; busy: number};

class ThreadEmbedder implements Embedder {
	private readonly queries: Lane;
	/** The documents' thread while it runs (loading, or loaded). */
	private documents: Promise<Lane> | undefined;
	/** That thread once loaded (a thread let go is no longer it: it ends after its last call). */
	private documentsLane: Lane | undefined;
	private timer: NodeJS.Timeout | undefined;
	private closed = false;
	private idle: (() => void) | undefined;
	private nextKey = 1;

	constructor(readonly modelId: string, readonly dims: number, thread: Thread, private readonly startDocuments: () => Promise<Thread>, private readonly options: ThreadEmbedderOptions) {
		this.queries = {thread, busy: 0};
	}

	async embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		signal?.throwIfAborted();
		clearTimeout(this.timer);
		this.refuseClosed();
		const documents = this.documents ?? this.startLane();
		this.documents = documents;
		const key = signal ? this.nextKey++ : undefined;
		try {
			return (await this.use(await documents, async thread => {
				// Cancelled: the thread stops after the batch it is running (the call then rejects with the signal's reason).
				const cancel = () => void thread.call({op: 'cancel', key: key!}).catch(() => undefined);
				signal?.addEventListener('abort', cancel, {once: true});
				try {
					return await thread.call({op: 'documents', texts, key});
				} catch (error) {
					throw signal?.aborted ? signal.reason as Error : error;
				} finally {
					signal?.removeEventListener('abort', cancel);
				}
			})).vectors!;
		} finally {
			if (this.options.releaseAfterMs && this.documents === documents) {
				clearTimeout(this.timer);
				this.timer = setTimeout(() => void this.release(documents), this.options.releaseAfterMs);
				this.timer.unref();
			}
		}
	}

	async embedQuery(text: string): Promise<Float32Array> {
		this.refuseClosed();
		return (await this.use(this.queries, async thread => thread.call({op: 'query', text}))).vectors![0]!;
	}

	/**
	 * Ends the threads once the calls under way have returned: a process that exits while ONNX Runtime computes on
	 * a thread aborts (a native error), leaving its discovery record and lock behind. Later calls are refused.
	 */
	async dispose(): Promise<void> {
		clearTimeout(this.timer);
		this.closed = true;
		const documents = await this.documents?.catch(() => undefined);
		this.documents = undefined;
		this.documentsLane = undefined;
		const lanes = [this.queries, ...(documents ? [documents] : [])];
		while (lanes.some(lane => lane.busy > 0)) {
			await new Promise<void>(resolve => {
				this.idle = resolve;
			});
		}

		await Promise.all(lanes.map(async lane => end(lane.thread)));
	}

	private refuseClosed(): void {
		if (this.closed) {
			throw new Error('the embedding model is closed: the daemon is stopping');
		}
	}

	/** Starts the documents' thread; a failure to load is the batch's error, and the next batch tries again. */
	private async startLane(): Promise<Lane> {
		try {
			this.documentsLane = {thread: await this.startDocuments(), busy: 0};
			return this.documentsLane;
		} catch (error) {
			this.documents = undefined;
			throw error;
		}
	}

	/** Runs a call on a lane's thread; a documents' lane that was let go ends after its last call. */
	private async use(lane: Lane, call: (thread: Thread) => Promise<EmbedderReply>): Promise<EmbedderReply> {
		this.refuseClosed();
		lane.busy++;
		try {
			return await call(lane.thread);
		} finally {
			lane.busy--;
			if (lane.busy === 0) {
				this.idle?.();
				if (lane !== this.queries && lane !== this.documentsLane && !this.closed) {
					void end(lane.thread);
				}
			}
		}
	}

	/** Lets the documents' thread go once idle: the memory its batches grew is given back. */
	private async release(documents: Promise<Lane>): Promise<void> {
		if (this.documents !== documents || this.closed) {
			return;
		}

		this.documents = undefined;
		const lane = await documents.catch(() => undefined);
		if (lane === this.documentsLane) {
			this.documentsLane = undefined;
		}

		if (lane?.busy === 0) {
			await end(lane.thread);
		}

		this.options.log?.('embedding thread for documents ended after ingestion: the memory it grew is given back');
	}
}

async function end(thread: Thread): Promise<void> {
	await thread.call({op: 'dispose'}).catch(() => undefined);
	await thread.close();
}
