import {isAlive} from '../../common/data-lock.js';
import {poll} from './poll.js';

export type StopOptions = {
	/** Cancel running jobs (SIGINT) instead of letting them finish (SIGTERM). */
	readonly now?: boolean;
	/** Whether the daemon still works on jobs: while it does, waiting goes on. */
	readonly busy?: () => Promise<boolean>;
	/** How long to wait once it is not busy before killing it. */
	readonly graceMs?: number;
};

/**
 * Asks a daemon to stop (it finishes or cancels running jobs, saves and removes its record) and waits until
 * its process is gone; once it has had `graceMs` with no job running it is killed. The daemon is not our
 * child, so its exit can only be observed by polling.
 */
export async function stopDaemon(pid: number, options: StopOptions = {}): Promise<'stopped' | 'killed' | 'not-running'> {
	if (!isAlive(pid)) {
		return 'not-running';
	}

	const graceMs = options.graceMs ?? 20_000;
	process.kill(pid, options.now ? 'SIGINT' : 'SIGTERM');
	let deadline = Date.now() + graceMs;
	while (Date.now() < deadline) {
		if (await poll(() => (isAlive(pid) ? undefined : true), Math.min(1000, deadline - Date.now()), 200)) {
			return 'stopped';
		}

		if (await options.busy?.()) {
			deadline = Date.now() + graceMs; // a job is still running: it is finishing, not stuck
		}
	}

	if (!isAlive(pid)) {
		return 'stopped';
	}

	process.kill(pid, 'SIGKILL');
	return 'killed';
}
