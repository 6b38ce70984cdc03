import {setTimeout as delay} from 'node:timers/promises';
import type {Health} from './api-types.js';
import type {DaemonClient} from './daemon-client.js';

/**
 * A daemon that just started answers before its model has loaded. Commands that embed wait (bounded) until
 * the model is ready or known to be unavailable, so the first search after a start is not keyword-only.
 */
export async function waitForModel(client: DaemonClient, timeoutMs = 120_000): Promise<Health> {
	const deadline = Date.now() + timeoutMs;
	for (let wait = 20; ; wait = Math.min(wait * 2, 250)) {
		const health = await client.health();
		if (health.checks.embedder.status !== 'loading' || Date.now() > deadline) {
			return health;
		}

		await delay(wait); // polling interval: /health is cheap and not rate limited
	}
}
