import {isAlive} from '../../common/data-lock.js';
import {poll} from './poll.js';

/**
 * Asks a daemon to stop (SIGTERM: it drains, saves and removes its record) and waits until its process is
 * gone; after `graceMs` it is killed. The daemon is not our child, so its exit can only be observed by polling.
 */
export async function stopDaemon(pid: number, graceMs = 20_000): Promise<'stopped' | 'killed' | 'not-running'> {
	if (!isAlive(pid)) {
		return 'not-running';
	}

	process.kill(pid, 'SIGTERM');
	if (await poll(() => (isAlive(pid) ? undefined : true), graceMs, 200)) {
		return 'stopped';
	}

	process.kill(pid, 'SIGKILL');
	return 'killed';
}
