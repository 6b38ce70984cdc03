import type {Health} from './api-types.js';
import type {DaemonClient} from './daemon-client.js';
import {noteMismatch} from './model-check.js';
import {poll} from './poll.js';

/**
 * A daemon that just started answers before its model has loaded. Commands that embed wait (bounded) until
 * the model is ready or known to be unavailable, so the first search after a start is not keyword-only.
 * /health is cheap and not rate limited. When the daemon's model is not the one this command's settings
 * choose, `onNotice` hears it once, with how to apply it (model-check.ts).
 */
export async function waitForModel(client: DaemonClient, options: {readonly onNotice?: (line: string) => void; readonly timeoutMs?: number} = {}): Promise<Health> {
	let last: Health | undefined;
	const settled = await poll(async () => {
		last = await client.health();
		return last.checks.embedder.status === 'loading' ? undefined : last;
	}, options.timeoutMs ?? 120_000);
	const health = settled ?? last!;
	noteMismatch(health, options.onNotice);
	return health;
}
