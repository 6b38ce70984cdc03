import {ThreadCalls} from '../threads/thread-calls.js';
import type {Embedder} from './embedder.js';
import type {ModelConfig} from './model-config.js';
import type {LoadProgress} from './transformers-embedder.js';
import {largestSlice, shareTexts} from './share-texts.js';

/** What a thread embeds: a search's queries (one short text at a time), or an ingestion's documents (one text per run, sessions sharing them). */
export type EmbedderRole = 'queries' | 'documents';

export type EmbedderThreadData = {readonly config: ModelConfig; readonly cacheDir: string; readonly role: EmbedderRole};

export type EmbedderRequest
	= | {readonly op: 'load'}
		| {readonly op: 'documents'; readonly texts: readonly string[]; readonly key?: number; readonly plain?: boolean}
		| {readonly op: 'cancel'; readonly key: number}
		| {readonly op: 'query'; readonly text: string}
		| {readonly op: 'dispose'};

export type EmbedderReply = {
	readonly modelId?: string;
	readonly dims?: number;
	readonly vectors?: Float32Array[];
};

type Thread = ThreadCalls<EmbedderRequest, EmbedderReply, Parameters<LoadProgress>[0]>;

/**
 * A lane's model sessions, one per thread: the queries' lane has one; the documents' lane starts with one and the
 * others join once an ingestion's texts come (`joining` while they load). `calls` counts the calls each has under
 * way; `busy` the embedder's calls using the lane.
 */
type Lane = {readonly threads: Thread[]; readonly calls: number[]; busy: number; joining?: Promise<void>; retired: boolean};

export type ThreadEmbedderOptions = {
	readonly onProgress?: LoadProgress;
	/**
	 * After documents were embedded and none came for this long, the documents' threads end: ONNX Runtime's memory
	 * arena grows to the largest texts of an ingestion and never shrinks, while searches need little (their thread
	 * stays). 0: never.
	 */
	readonly releaseAfterMs?: number;
	readonly log?: (line: string) => void;
};

/**
 * loadTransformersEmbedder on threads of its own (embedder-thread-main.ts): the same model, loading errors and
 * progress, and the daemon's thread free while ONNX Runtime computes. Each session runs one text at a time, which
 * makes a vector independent of what is embedded beside it (transformers-embedder.ts). Searches' queries have a
 * thread of their own, always loaded, so a query never waits behind documents (issue 37); an ingestion's
 * documents go to up to `config.sessions` sessions at a lower CPU priority, started with its first texts, sharing
 * them out (share-texts.ts) to fill the cores that batches used to, and ended once ingestion goes idle.
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
	return new ThreadEmbedder(loaded.modelId!, loaded.dims!, thread, {size: config.sessions, startThread: async () => (await start('documents')).thread}, options);
}

type Starters = {readonly size: number; readonly startThread: () => Promise<Thread>};

const laneOf = (thread: Thread): Lane => ({threads: [thread], calls: [0], busy: 0, retired: false});

class ThreadEmbedder implements Embedder {
	private readonly queries: Lane;
	/** The documents' lane while it runs (its first session loading, or loaded). */
	private documents: Promise<Lane> | undefined;
	/** That lane once loaded (a lane let go is no longer it: it ends after its last call). */
	private documentsLane: Lane | undefined;
	private timer: NodeJS.Timeout | undefined;
	private closed = false;
	private idle: (() => void) | undefined;
	private nextKey = 1;

	constructor(readonly modelId: string, readonly dims: number, thread: Thread, private readonly starters: Starters, private readonly options: ThreadEmbedderOptions) {
		this.queries = laneOf(thread);
	}

	async embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		return this.documentVectors(texts, signal, false);
	}

	async embedPlain(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		return this.documentVectors(texts, signal, true);
	}

	async embedQuery(text: string): Promise<Float32Array> {
		return this.use(this.queries, async lane => (await this.call(lane, 0, {op: 'query', text})).vectors![0]!);
	}

	/** Texts on the documents' sessions; `plain`: without the document prefix. */
	private async documentVectors(texts: readonly string[], signal: AbortSignal | undefined, plain: boolean): Promise<Float32Array[]> {
		signal?.throwIfAborted();
		clearTimeout(this.timer);
		this.refuseClosed();
		const documents = this.documents ?? this.startLane();
		this.documents = documents;
		try {
			return await this.use(await documents, async lane => {
				if (texts.length > largestSlice) {
					this.grow(lane); // they join while this call runs on the ones there are
				}

				return shareTexts(texts, lane.threads.length, async (index, slice) => this.slice(lane, index, slice, signal, plain));
			});
		} finally {
			if (this.options.releaseAfterMs && this.documents === documents) {
				clearTimeout(this.timer);
				this.timer = setTimeout(() => void this.release(documents), this.options.releaseAfterMs);
				this.timer.unref();
			}
		}
	}

	/**
	 * Ends the threads once the calls under way have returned and sessions loading have loaded: a process that
	 * exits while ONNX Runtime computes or builds a session on a thread aborts (a native error), leaving its
	 * discovery record and lock behind. Later calls are refused.
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

		await Promise.all(lanes.map(async lane => retire(lane)));
	}

	private refuseClosed(): void {
		if (this.closed) {
			throw new Error('the embedding model is closed: the daemon is stopping');
		}
	}

	/** Starts the documents' lane with one session; a failure to load is the call's error, and the next call tries again. */
	private async startLane(): Promise<Lane> {
		try {
			this.documentsLane = laneOf(await this.starters.startThread());
			return this.documentsLane;
		} catch (error) {
			this.documents = undefined;
			throw error;
		}
	}

	/** Loads the documents' sessions missing from `lane`; each joins when loaded, one that fails is logged and left out. */
	private grow(lane: Lane): void {
		if (lane.joining !== undefined || lane.retired || lane.threads.length >= this.starters.size) {
			return;
		}

		lane.joining = Promise.all(Array.from({length: this.starters.size - lane.threads.length}, async () => {
			try {
				const thread = await this.starters.startThread();
				if (lane.retired) {
					await end(thread);
				} else {
					lane.threads.push(thread);
					lane.calls.push(0);
				}
			} catch (error) {
				this.options.log?.(`another session of the embedding model could not start (going on with ${lane.threads.length}): ${error instanceof Error ? error.message : String(error)}`);
			}
		})).then(() => undefined);
	}

	/**
	 * One slice of documents on one session. Cancelled: no further slice starts, and the session stops before its
	 * next text (the call then rejects with the signal's reason), so a cancel waits for one model run per session.
	 */
	private async slice(lane: Lane, index: number, texts: string[], signal: AbortSignal | undefined, plain: boolean): Promise<Float32Array[]> {
		signal?.throwIfAborted();
		const key = signal ? this.nextKey++ : undefined;
		const thread = lane.threads[index]!;
		const cancel = () => void thread.call({op: 'cancel', key: key!}).catch(() => undefined);
		signal?.addEventListener('abort', cancel, {once: true});
		try {
			return (await this.call(lane, index, {op: 'documents', texts, key, ...(plain ? {plain} : {})})).vectors!;
		} catch (error) {
			throw signal?.aborted ? signal.reason as Error : error;
		} finally {
			signal?.removeEventListener('abort', cancel);
		}
	}

	private async call(lane: Lane, index: number, request: EmbedderRequest): Promise<EmbedderReply> {
		lane.calls[index]!++;
		try {
			return await lane.threads[index]!.call(request);
		} finally {
			lane.calls[index]!--;
		}
	}

	/** Runs a call on a lane; a documents' lane that was let go ends after its last call. */
	private async use<T>(lane: Lane, work: (lane: Lane) => Promise<T>): Promise<T> {
		this.refuseClosed();
		lane.busy++;
		try {
			return await work(lane);
		} finally {
			lane.busy--;
			if (lane.busy === 0) {
				this.idle?.();
				if (lane !== this.queries && lane !== this.documentsLane && !this.closed) {
					void retire(lane);
				}
			}
		}
	}

	/** Lets the documents' lane go once idle: the memory its runs grew is given back. */
	private async release(documents: Promise<Lane>): Promise<void> {
		if (this.documents !== documents || this.closed) {
			return;
		}

		this.documents = undefined;
		const lane = await documents.catch(() => undefined);
		if (lane === this.documentsLane) {
			this.documentsLane = undefined;
		}

		const sessions = lane?.threads.length ?? 0;
		if (lane?.busy === 0) {
			await retire(lane);
		}

		this.options.log?.(`embedding thread for documents ended after ingestion (${sessions} ${sessions === 1 ? 'session' : 'sessions'}): the memory it grew is given back`);
	}
}

/** Ends a lane no call uses any more, once its sessions loading have loaded (ending a thread mid-load aborts). */
async function retire(lane: Lane): Promise<void> {
	lane.retired = true;
	await lane.joining;
	await Promise.all(lane.threads.map(async thread => end(thread)));
}

async function end(thread: Thread): Promise<void> {
	await thread.call({op: 'dispose'}).catch(() => undefined);
	await thread.close();
}
