import {setTimeout as delay} from 'node:timers/promises';

/**
 * Asks `check` again, with a doubling interval (from 10 ms up to `maxIntervalMs`), until it returns a value
 * or `timeoutMs` has passed; then resolves with undefined. For things that give this process no signal to
 * wait on: another process's exit, a record it writes, a model it loads.
 */
export async function poll<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs: number, maxIntervalMs = 250): Promise<T | undefined> {
	const deadline = Date.now() + timeoutMs;
	for (let wait = 10; ; wait = Math.min(wait * 2, maxIntervalMs)) {
		const value = await check();
		if (value !== undefined || Date.now() >= deadline) {
			return value;
		}

		await delay(wait); // polling interval, not a wait for a fixed time
	}
}
