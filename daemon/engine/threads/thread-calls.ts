import {Worker} from 'node:worker_threads';

/** How long a close waits for a worker still loading its modules before it ends it anyway. */
const readyWaitMs = 30_000;

type Pending<Reply> = {resolve: (reply: Reply) => void; reject: (error: Error) => void};

/** What a worker answers to a call: its reply, or the message of what it threw. */
export type Answer<Reply> = {readonly id: number; readonly reply?: Reply; readonly error?: string};

/**
 * Request/reply calls to a worker thread (serve-calls.ts on the other side): each call is a message with an id,
 * answered by the worker's handler; buffers named by `transferOf` move instead of being copied. The worker may
 * also post `{notice}` messages (progress), passed to `onNotice`. When the worker dies, every waiting and later
 * call fails with why. Closing waits until the worker has loaded its modules (its `{ready}` message): a thread
 * terminated while a native addon (faiss-node, ONNX Runtime) initialises aborts the whole process.
 */
export class ThreadCalls<Request, Reply, Notice = never> {
	private readonly worker: Worker;
	private readonly pending = new Map<number, Pending<Reply>>();
	private nextId = 1;
	private failure: Error | undefined;
	private readonly ready: Promise<void>;
	private markReady!: () => void;

	constructor(
		file: URL,
		name: string,
		private readonly transferOf: (request: Request) => ArrayBuffer[] = () => [],
		options: {workerData?: unknown; onNotice?: (notice: Notice) => void} = {},
	) {
		this.ready = new Promise(resolve => {
			this.markReady = resolve;
		});
		this.worker = new Worker(file, {workerData: options.workerData});
		this.worker.unref();
		this.worker.on('message', (message: Answer<Reply> | {notice: Notice} | {ready: true}) => {
			if ('ready' in message) {
				this.markReady();
				return;
			}

			if ('notice' in message) {
				options.onNotice?.(message.notice); // news from the worker (progress), not an answer
				return;
			}

			const {id, reply, error} = message;
			const waiting = this.pending.get(id);
			this.pending.delete(id);
			if (error === undefined) {
				waiting?.resolve(reply!);
			} else {
				waiting?.reject(new Error(error));
			}
		});
		const fail = (error: Error) => {
			this.failure = error;
			this.markReady(); // nothing left to wait for
			for (const waiting of this.pending.values()) {
				waiting.reject(error);
			}

			this.pending.clear();
		};

		this.worker.on('error', fail);
		this.worker.on('exit', code => {
			fail(new Error(`the ${name} thread stopped (exit code ${code})`));
		});
	}

	/** Whether the worker died: every call fails from then on. */
	get stopped(): boolean {
		return this.failure !== undefined;
	}

	async call(request: Request): Promise<Reply> {
		if (this.failure) {
			throw this.failure;
		}

		const id = this.nextId++;
		return new Promise<Reply>((resolve, reject) => {
			this.pending.set(id, {resolve, reject});
			this.worker.postMessage({id, request}, this.transferOf(request));
		});
	}

	async close(): Promise<void> {
		const limit = setTimeout(() => {
			this.markReady();
		}, readyWaitMs);
		await this.ready;
		clearTimeout(limit);
		await this.worker.terminate();
	}
}
