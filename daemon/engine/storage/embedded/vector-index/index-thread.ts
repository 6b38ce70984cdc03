import {ThreadCalls} from '../../../threads/thread-calls.js';
import type {IndexOp, IndexReply, IndexRequest} from './thread-protocol.js';

/**
 * The engine's handle on the index thread (index-thread-main.ts): each call is a message, answered in the
 * order sent, so a search sent after an add sees it. Each operation answers its own reply type.
 */
export type IndexThread = {
	call<Op extends IndexOp>(op: Op, request: IndexRequest<Op>): Promise<IndexReply<Op>>;
};

export type IndexThreadLease = {readonly thread: IndexThread; release(): Promise<void>};

function startIndexThread(): {thread: IndexThread; close: () => Promise<void>} {
	// Only add's buffer is transferred: send-vectors.ts builds it for that call alone.
	const calls = new ThreadCalls<Sent, IndexReply<IndexOp>>(new URL('index-thread-main.js', import.meta.url), 'vector index', message => (message.op === 'add' ? [(message.request as IndexRequest<'add'>).vectors.buffer as ArrayBuffer] : []));
	return {
		thread: {
			// The thread answers each op with its own reply (index-thread-main.ts's handlers are typed per op).
			async call<Op extends IndexOp>(op: Op, request: IndexRequest<Op>) {
				const reply: unknown = await calls.call({op, request});
				return reply as IndexReply<Op>;
			},
		},
		close: async () => calls.close(),
	};
}

/** A call as sent: the thread reads it as an IndexMessage (each op with its own request). */
type Sent = {readonly op: IndexOp; readonly request: IndexRequest<IndexOp>};

let shared: ReturnType<typeof startIndexThread> | undefined;
let users = 0;

/**
 * The process's one index thread: faiss-node aborts the process when a second thread loads it, so every
 * engine in a process (tests open several) shares this one; keys keep their indexes apart. Each user
 * releases it; the last one stops the thread.
 */
export function acquireIndexThread(): IndexThreadLease {
	shared ??= startIndexThread();
	users++;
	const current = shared;
	let released = false;
	return {
		thread: current.thread,
		async release() {
			if (released) {
				return;
			}

			released = true;
			if (--users === 0 && shared === current) {
				shared = undefined;
				await current.close();
			}
		},
	};
}
