// Daemon start-up with a large collection, and its memory: what a user waits for after a reboot, and what the
// daemon costs while it sits in the background.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {connect} from '../source/client/connect.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {poll} from '../source/client/poll.js';
import {readDiscovery} from '../common/discovery.js';

/** Resident and peak memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): {rssMb: number; peakMb: number} {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = (field: string) => Number(new RegExp(String.raw`^${field}:\s+(\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
	return {rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024};
}

export const daemonPid = (env: NodeJS.ProcessEnv) => readDiscovery(path.join(env.MD_VECTOR_HOME!, 'state'))!.pid;

/**
 * Stops the daemon and starts it again: time until it answers HTTP (listening, store open), and until a
 * keyword search and a semantic search on `collection` answer (its vector index loaded, the model loaded).
 */
export async function coldStart(env: NodeJS.ProcessEnv, collection: string): Promise<{listeningMs: number; keywordMs: number; semanticMs: number; client: DaemonClient}> {
	await stopDaemon(daemonPid(env));
	const started = performance.now();
	const client = await connect({env});
	const listeningMs = performance.now() - started;
	await client.search({query: 'start', collection, mode: 'keyword'});
	const keywordMs = performance.now() - started;
	const answered = await poll(async () => {
		try {
			return await client.search({query: 'start', collection, mode: 'semantic'});
		} catch {
			return undefined; // 503 while the model loads
		}
	}, 120_000, 20);
	if (!answered) {
		throw new Error('semantic search did not answer within 120 s of the start');
	}

	return {listeningMs, keywordMs, semanticMs: performance.now() - started, client};
}
