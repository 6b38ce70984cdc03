import type {Health} from './api-types.js';
import type {DaemonClient} from './daemon-client.js';
import {poll} from './poll.js';

/**
 * A daemon that just started answers before its model has loaded. Commands that embed wait (bounded) until
 * the model is ready or known to be unavailable, so the first search after a start is not keyword-only.
 * /health is cheap and not rate limited.
 */
export async function waitForModel(client: DaemonClient, timeoutMs = 120_000): Promise<Health> {
	let last: Health | undefined;
	const settled = await poll(async () => {
		last = await client.health();
		return last.checks.embedder.status === 'loading' ? undefined : last;
	}, timeoutMs);
	return settled ?? last!;
}
