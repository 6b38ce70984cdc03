import {ThreadCalls} from '../threads/thread-calls.js';
import type {Embedder} from './embedder.js';
import type {ModelConfig} from './model-config.js';
import type {LoadProgress} from './transformers-embedder.js';

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

export type ThreadEmbedderOptions = {
	readonly onProgress?: LoadProgress;
	/**
	 * After documents were embedded and none came for this long, the model is loaded again on a fresh thread and
	 * the old one ends: ONNX Runtime's memory arena grows to the largest batches of an ingestion and never
	 * shrinks (200-300 MB here), while searches need little. 0: never.
	 */
	readonly releaseAfterMs?: number;
	readonly log?: (line: string) => void;
};

/**
 * loadTransformersEmbedder on its own thread (embedder-thread-main.ts): the same model, loading errors and
 * progress, but the daemon's thread stays free while ONNX Runtime computes.
 */
export async function loadThreadEmbedder(config: ModelConfig, cacheDir: string, options: ThreadEmbedderOptions = {}): Promise<Embedder> {
	const start = async (onProgress?: LoadProgress) => {
		const data: EmbedderThreadData = {config, cacheDir};
		const thread: Thread = new ThreadCalls(new URL('embedder-thread-main.js', import.meta.url), 'embedding', () => [], {workerData: data, onNotice: onProgress});
		try {
			return {thread, loaded: await thread.call({op: 'load'})};
		} catch (error) {
			await thread.close();
			throw error;
		}
	};

	const {thread, loaded} = await start(options.onProgress);
	return new ThreadEmbedder(loaded.modelId!, loaded.dims!, thread, async () => (await start()).thread, options);
}

class ThreadEmbedder implements Embedder {
	private current: {thread: Thread; busy: number};
	private grown = false;
	private releasing = false;
	private timer: NodeJS.Timeout | undefined;
	private closed = false;
	private idle: (() => void) | undefined;
	private nextKey = 1;

	constructor(readonly modelId: string, readonly dims: number, thread: Thread, private readonly restart: () => Promise<Thread>, private readonly options: ThreadEmbedderOptions) {
		this.current = {thread, busy: 0};
	}

	async embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		signal?.throwIfAborted();
		this.grown = true;
		clearTimeout(this.timer);
		const key = signal ? this.nextKey++ : undefined;
		try {
			return (await this.use(async thread => {
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
			if (this.options.releaseAfterMs) {
				this.timer = setTimeout(() => void this.release(), this.options.releaseAfterMs);
				this.timer.unref();
			}
		}
	}

	async embedQuery(text: string): Promise<Float32Array> {
		return (await this.use(async thread => thread.call({op: 'query', text}))).vectors![0]!;
	}

	/**
	 * Ends the thread once the calls under way have returned: a process that exits while ONNX Runtime computes on
	 * the thread aborts (a native error), leaving its discovery record and lock behind. Later calls are refused.
	 */
	async dispose(): Promise<void> {
		clearTimeout(this.timer);
		this.closed = true;
		if (this.current.busy > 0) {
			await new Promise<void>(resolve => {
				this.idle = resolve;
			});
		}

		await end(this.current.thread);
	}

	/** Runs a call on the current thread; a thread that was replaced ends after its last call. */
	private async use(call: (thread: Thread) => Promise<EmbedderReply>): Promise<EmbedderReply> {
		if (this.closed) {
			throw new Error('the embedding model is closed: the daemon is stopping');
		}

		const slot = this.current;
		slot.busy++;
		try {
			return await call(slot.thread);
		} finally {
			slot.busy--;
			if (slot !== this.current && slot.busy === 0) {
				void end(slot.thread);
			} else if (slot.busy === 0) {
				this.idle?.();
			}
		}
	}

	/** The new thread loads beside the old one, which answers until the swap: no call waits for the reload. */
	private async release(): Promise<void> {
		if (!this.grown || this.releasing) {
			return;
		}

		this.releasing = true;
		this.grown = false;
		try {
			const fresh = await this.restart();
			const old = this.current;
			this.current = {thread: fresh, busy: 0};
			if (old.busy === 0) {
				await end(old.thread);
			}

			this.options.log?.('embedding model reloaded after ingestion: the memory it grew is given back');
		} catch (error) {
			this.options.log?.(`could not reload the embedding model (keeping the loaded one): ${error instanceof Error ? error.message : String(error)}`);
		} finally {
			this.releasing = false;
		}
	}
}

async function end(thread: Thread): Promise<void> {
	await thread.call({op: 'dispose'}).catch(() => undefined);
	await thread.close();
}
