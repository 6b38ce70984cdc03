import {ThreadCalls} from '../threads/thread-calls.js';
import type {Embedder} from './embedder.js';
import type {ModelConfig} from './model-config.js';
import type {LoadProgress} from './transformers-embedder.js';
import {largestSlice, shareTexts} from './share-texts.js';

export type EmbedderThreadData = {readonly config: ModelConfig; readonly cacheDir: string};

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

/**
 * The model's sessions, one per thread: one to start with, the others joining once documents come (`joining`
 * while they load). `calls` counts the calls each has under way; `busy` the embedder's calls using this set.
 */
type Sessions = {readonly threads: Thread[]; readonly calls: number[]; busy: number; joining?: Promise<void>; retired: boolean};

export type ThreadEmbedderOptions = {
	readonly onProgress?: LoadProgress;
	/**
	 * After documents were embedded and none came for this long, the model is loaded again on a fresh thread (one
	 * session) and the old ones end: ONNX Runtime's memory arena grows to the largest texts of an ingestion and
	 * never shrinks, while searches need little, and one session answers them. 0: never.
	 */
	readonly releaseAfterMs?: number;
	readonly log?: (line: string) => void;
};

/**
 * loadTransformersEmbedder on its own threads (embedder-thread-main.ts), one session each, each running one text
 * at a time: the same model, loading errors and progress, and the daemon's thread free while ONNX Runtime
 * computes. One text per run makes a vector independent of what is embedded beside it (transformers-embedder.ts);
 * for documents, up to `config.sessions` sessions share the texts out (share-texts.ts) and fill the cores that
 * batches used to. The first session loads before the embedder answers (it may download the model, with
 * progress); the others load from its files when an ingestion first needs them, so an idle daemon holds one.
 */
export async function loadThreadEmbedder(config: ModelConfig, cacheDir: string, options: ThreadEmbedderOptions = {}): Promise<Embedder> {
	const startThread = async (onProgress?: LoadProgress) => {
		const data: EmbedderThreadData = {config, cacheDir};
		const thread: Thread = new ThreadCalls(new URL('embedder-thread-main.js', import.meta.url), 'embedding', () => [], {workerData: data, onNotice: onProgress});
		try {
			return {thread, loaded: await thread.call({op: 'load'})};
		} catch (error) {
			await thread.close();
			throw error;
		}
	};

	const start = async (onProgress?: LoadProgress) => {
		const {thread, loaded} = await startThread(onProgress);
		return {sessions: {threads: [thread], calls: [0], busy: 0, retired: false}, loaded};
	};

	const {sessions, loaded} = await start(options.onProgress);
	return new ThreadEmbedder(loaded.modelId!, loaded.dims!, sessions, {
		size: config.sessions,
		restart: async () => (await start()).sessions,
		startThread: async () => (await startThread()).thread,
	}, options);
}

type Starters = {readonly size: number; readonly restart: () => Promise<Sessions>; readonly startThread: () => Promise<Thread>};

class ThreadEmbedder implements Embedder {
	private current: Sessions;
	private grown = false;
	private releasing = false;
	private timer: NodeJS.Timeout | undefined;
	private closed = false;
	private idle: (() => void) | undefined;
	private nextKey = 1;

	constructor(readonly modelId: string, readonly dims: number, sessions: Sessions, private readonly starters: Starters, private readonly options: ThreadEmbedderOptions) {
		this.current = sessions;
	}

	async embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		signal?.throwIfAborted();
		this.grown = true;
		clearTimeout(this.timer);
		try {
			return await this.use(async sessions => {
				if (texts.length > largestSlice) {
					this.grow(sessions); // they join while this call runs on the ones there are
				}

				return shareTexts(texts, sessions.threads.length, async (index, slice) => this.documents(sessions, index, slice, signal));
			});
		} finally {
			if (this.options.releaseAfterMs) {
				this.timer = setTimeout(() => void this.release(), this.options.releaseAfterMs);
				this.timer.unref();
			}
		}
	}

	/** On the session with the fewest calls under way: it waits for that session's text under way at most. */
	async embedQuery(text: string): Promise<Float32Array> {
		return this.use(async sessions => {
			const index = sessions.calls.indexOf(Math.min(...sessions.calls));
			return (await this.call(sessions, index, {op: 'query', text})).vectors![0]!;
		});
	}

	/**
	 * Ends the threads once the calls under way have returned and sessions loading have loaded: a process that
	 * exits while ONNX Runtime computes or builds a session on a thread aborts (a native error), leaving its
	 * discovery record and lock behind. Later calls are refused.
	 */
	async dispose(): Promise<void> {
		clearTimeout(this.timer);
		this.closed = true;
		if (this.current.busy > 0) {
			await new Promise<void>(resolve => {
				this.idle = resolve;
			});
		}

		await retire(this.current);
	}

	/** Loads the sessions missing from `sessions`; each joins when loaded, one that fails is logged and left out. */
	private grow(sessions: Sessions): void {
		if (sessions.joining !== undefined || sessions.retired || sessions.threads.length >= this.starters.size) {
			return;
		}

		sessions.joining = Promise.all(Array.from({length: this.starters.size - sessions.threads.length}, async () => {
			try {
				const thread = await this.starters.startThread();
				if (sessions.retired) {
					await end(thread);
				} else {
					sessions.threads.push(thread);
					sessions.calls.push(0);
				}
			} catch (error) {
				this.options.log?.(`another session of the embedding model could not start (going on with ${sessions.threads.length}): ${error instanceof Error ? error.message : String(error)}`);
			}
		})).then(() => undefined);
	}

	/**
	 * One slice on one session. Cancelled: no further slice starts, and the session stops before its next text
	 * (the call then rejects with the signal's reason), so a cancel waits for one model run per session at most.
	 */
	private async documents(sessions: Sessions, index: number, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
		signal?.throwIfAborted();
		const key = signal ? this.nextKey++ : undefined;
		const thread = sessions.threads[index]!;
		const cancel = () => void thread.call({op: 'cancel', key: key!}).catch(() => undefined);
		signal?.addEventListener('abort', cancel, {once: true});
		try {
			return (await this.call(sessions, index, {op: 'documents', texts, key})).vectors!;
		} catch (error) {
			throw signal?.aborted ? signal.reason as Error : error;
		} finally {
			signal?.removeEventListener('abort', cancel);
		}
	}

	private async call(sessions: Sessions, index: number, request: EmbedderRequest): Promise<EmbedderReply> {
		sessions.calls[index]!++;
		try {
			return await sessions.threads[index]!.call(request);
		} finally {
			sessions.calls[index]!--;
		}
	}

	/** Runs a call on the current sessions; sessions that were replaced end after their last call. */
	private async use<T>(work: (sessions: Sessions) => Promise<T>): Promise<T> {
		if (this.closed) {
			throw new Error('the embedding model is closed: the daemon is stopping');
		}

		const sessions = this.current;
		sessions.busy++;
		try {
			return await work(sessions);
		} finally {
			sessions.busy--;
			if (sessions !== this.current && sessions.busy === 0) {
				void retire(sessions);
			} else if (sessions.busy === 0) {
				this.idle?.();
			}
		}
	}

	/** The new session loads beside the old ones, which answer until the swap: no call waits for the reload. */
	private async release(): Promise<void> {
		if (!this.grown || this.releasing) {
			return;
		}

		this.releasing = true;
		this.grown = false;
		try {
			const fresh = await this.starters.restart();
			if (this.closed) { // stopped while it loaded: it never answers
				await retire(fresh);
				return;
			}

			const old = this.current;
			this.current = fresh;
			if (old.busy === 0) {
				await retire(old);
			}

			this.options.log?.('embedding model reloaded after ingestion: the memory it grew is given back');
		} catch (error) {
			this.options.log?.(`could not reload the embedding model (keeping the loaded one): ${error instanceof Error ? error.message : String(error)}`);
		} finally {
			this.releasing = false;
		}
	}
}

/** Ends sessions no call uses any more, once those loading have loaded (ending a thread mid-load aborts). */
async function retire(sessions: Sessions): Promise<void> {
	sessions.retired = true;
	await sessions.joining;
	await Promise.all(sessions.threads.map(async thread => end(thread)));
}

async function end(thread: Thread): Promise<void> {
	await thread.call({op: 'dispose'}).catch(() => undefined);
	await thread.close();
}
