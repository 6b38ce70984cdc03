import {parentPort} from 'node:worker_threads';
import type {Answer} from './thread-calls.js';

/**
 * The worker side of ThreadCalls: runs `handle` for each call and posts its reply (or the error's message).
 * A synchronous handler runs the calls strictly in the order they were sent.
 */
export function serveCalls<Request, Reply>(handle: (request: Request) => Reply | Promise<Reply>, transferOf: (reply: Reply) => ArrayBuffer[] = () => []): void {
	parentPort!.on('message', async ({id, request}: {id: number; request: Request}) => {
		let answer: Answer<Reply>;
		let transfer: ArrayBuffer[] = [];
		try {
			const reply = await handle(request);
			answer = {id, reply};
			transfer = transferOf(reply);
		} catch (error) {
			answer = {id, error: error instanceof Error ? error.message : String(error)};
		}

		parentPort!.postMessage(answer, transfer);
	});
	// The worker's module graph (native addons included) is loaded by now: ThreadCalls.close waits for this.
	parentPort!.postMessage({ready: true});
}
