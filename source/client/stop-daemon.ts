import {setTimeout as delay} from 'node:timers/promises';
import {isAlive} from '../../daemon/data-lock.js';

/**
 * Asks a daemon to stop (SIGTERM: it drains, saves and removes its record) and waits until its process is
 * gone; after `graceMs` it is killed. The daemon is not our child, so its exit can only be observed by polling.
 */
export async function stopDaemon(pid: number, graceMs = 20_000): Promise<'stopped' | 'killed' | 'not-running'> {
	if (!isAlive(pid)) {
		return 'not-running';
	}

	process.kill(pid, 'SIGTERM');
	const deadline = Date.now() + graceMs;
	for (let wait = 10; Date.now() < deadline; wait = Math.min(wait * 2, 200)) {
		if (!isAlive(pid)) {
			return 'stopped';
		}

		await delay(wait); // polling interval while the process finishes its work
	}

	process.kill(pid, 'SIGKILL');
	return 'killed';
}
