import {Worker} from 'node:worker_threads';
import type {Answer, IndexReply, IndexRequest} from './thread-protocol.js';

type Pending = {resolve: (reply: IndexReply) => void; reject: (error: Error) => void};

/**
 * The engine's handle on the index thread (index-thread-main.ts): each call is a message, answered in the
 * order sent, so a search sent after an add sees it. Vector buffers are transferred, not copied.
 */
export class IndexThread {
	private readonly worker = new Worker(new URL('index-thread-main.js', import.meta.url));
	private readonly pending = new Map<number, Pending>();
	private nextId = 1;
	private failure: Error | undefined;

	constructor() {
		this.worker.unref();
		this.worker.on('message', ({id, reply, error}: Answer) => {
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
			for (const waiting of this.pending.values()) {
				waiting.reject(error);
			}

			this.pending.clear();
		};

		this.worker.on('error', fail);
		this.worker.on('exit', code => {
			fail(new Error(`the vector index thread stopped (exit code ${code})`));
		});
	}

	async close(): Promise<void> {
		await this.worker.terminate();
	}

	async call(request: IndexRequest): Promise<IndexReply> {
		if (this.failure) {
			throw this.failure;
		}

		const id = this.nextId++;
		// Only add's buffer is transferred: collection-indexes.ts builds it for this call alone.
		const transfer = request.op === 'add' ? [request.vectors.buffer as ArrayBuffer] : [];
		return new Promise<IndexReply>((resolve, reject) => {
			this.pending.set(id, {resolve, reject});
			this.worker.postMessage({id, request}, transfer);
		});
	}

}

let shared: IndexThread | undefined;
let users = 0;

/**
 * The process's one index thread: faiss-node aborts the process when a second thread loads it, so every
 * engine in a process (tests open several) shares this one; keys keep their indexes apart. Each user
 * releases it; the last one stops the thread.
 */
export function acquireIndexThread(): {thread: IndexThread; release: () => Promise<void>} {
	shared ??= new IndexThread();
	users++;
	const thread = shared;
	let released = false;
	return {
		thread,
		async release() {
			if (released) {
				return;
			}

			released = true;
			if (--users === 0 && shared === thread) {
				shared = undefined;
				await thread.close();
			}
		},
	};
}
