import {statSync} from 'node:fs';
import {poll} from '../../source/client/poll.js';

/**
 * Waits until these files were last changed long enough ago for a read to record their stamp
 * (daemon/engine/files/file-stamp.ts: a file changed within its file system's time resolution of a read is not
 * trusted), as files a user ingests are. Polls the clock; never a fixed wait.
 */
export async function untilStampable(files: readonly string[]): Promise<void> {
	const settledLongEnough = (file: string) => {
		const info = statSync(file);
		return Date.now() - Math.max(info.mtimeMs, info.ctimeMs) > 250;
	};

	const settled = await poll(() => (files.every(file => settledLongEnough(file)) || undefined), 10_000, 50);
	if (!settled) {
		throw new Error(`files still changing after 10 s: ${files.join(', ')}`);
	}
}
