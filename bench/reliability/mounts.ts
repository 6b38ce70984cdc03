import {execFileSync} from 'node:child_process';
import {closeSync, mkdirSync, openSync, statfsSync, writeSync} from 'node:fs';
import path from 'node:path';

/** Runs mount(8); answers why it failed (not root, no mount binary), or undefined. */
export function mount(args: readonly string[]): string | undefined {
	try {
		execFileSync('mount', args, {stdio: ['ignore', 'ignore', 'pipe']});
		return undefined;
	} catch (error) {
		const failed = error as Error & {stderr?: Buffer};
		const detail = failed.stderr?.toString().trim();
		return detail === undefined || detail === '' ? failed.message : detail;
	}
}

/** A tmpfs of `size` (e.g. `16m`) at `folder`; answers why it could not be mounted, or undefined. */
export function mountTmpfs(folder: string, size: string): string | undefined {
	mkdirSync(folder, {recursive: true});
	return mount(['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', folder]);
}

export function unmount(folder: string): void {
	try {
		execFileSync('umount', [folder], {stdio: 'ignore'});
	} catch {
		execFileSync('umount', ['-l', folder], {stdio: 'ignore'}); // busy: detached, freed when the last user goes
	}
}

/** Writes zeros into `file` until the disk has only `leave` bytes free (0: full). */
export function fillDisk(file: string, leave = 0): void {
	const fd = openSync(file, 'w');
	const block = Buffer.alloc(256 * 1024);
	try {
		for (;;) {
			const {bavail, bsize} = statfsSync(path.dirname(file));
			if (bavail * bsize <= leave + block.length) {
				if (leave === 0) {
					writeSync(fd, block); // the last partial block: ENOSPC
				}

				return;
			}

			writeSync(fd, block);
		}
	} catch {
		// ENOSPC: full
	} finally {
		closeSync(fd);
	}
}
