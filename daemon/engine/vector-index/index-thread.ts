import {ThreadCalls} from '../threads/thread-calls.js';
import type {IndexReply, IndexRequest} from './thread-protocol.js';

/**
 * The engine's handle on the index thread (index-thread-main.ts): each call is a message, answered in the
 * order sent, so a search sent after an add sees it. Only add's buffer is transferred: collection-indexes.ts
 * builds it for that call alone.
 */
export type IndexThread = ThreadCalls<IndexRequest, IndexReply>;

function startIndexThread(): IndexThread {
	return new ThreadCalls<IndexRequest, IndexReply>(new URL('index-thread-main.js', import.meta.url), 'vector index', request => (request.op === 'add' ? [request.vectors.buffer as ArrayBuffer] : []));
}

let shared: IndexThread | undefined;
let users = 0;

/**
 * The process's one index thread: faiss-node aborts the process when a second thread loads it, so every
 * engine in a process (tests open several) shares this one; keys keep their indexes apart. Each user
 * releases it; the last one stops the thread.
 */
export function acquireIndexThread(): {thread: IndexThread; release: () => Promise<void>} {
	shared ??= startIndexThread();
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
