import type {DaemonClient} from '../source/client/daemon-client.js';
import {poll} from '../source/client/poll.js';

/**
 * Waits until the collection's index is the kind its size calls for (a build of another kind runs once writes
 * settle, ~2 s after the last one); answers the seconds waited and the kind. Searches before that are exact.
 */
export async function untilIndexSettled(client: DaemonClient, collection: string): Promise<{seconds: number; kind: string}> {
	const started = performance.now();
	const stats = await poll(async () => {
		const current = await client.stats(collection);
		return current.index_rebuilding === null ? current : undefined;
	}, 600_000, 250);
	if (!stats) {
		throw new Error(`the index of ${collection} was still being rebuilt 10 minutes after its last write`);
	}

	return {seconds: (performance.now() - started) / 1000, kind: stats.index_kind};
}
