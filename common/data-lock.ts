import {readFileSync, rmSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';

/** Another daemon already serves this data folder. */
export class DataLockedError extends Error {
	constructor(readonly pid: number, folder: string) {
		super(`another md-vector daemon (pid ${pid}) is already using ${folder}`);
	}
}

/**
 * Only one daemon may open a data folder: two would write the same store and index files. The lock is a pid
 * file created exclusively; a file left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
	mkdirSync(dataDir, {recursive: true});
	const file = path.join(dataDir, 'daemon.pid');
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			writeFileSync(file, String(pid), {flag: 'wx'});
			return () => {
				if (readOwner(file) === pid) {
					rmSync(file, {force: true});
				}
			};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
				throw error;
			}

			const owner = readOwner(file);
			if (owner !== undefined && owner !== pid && isAlive(owner)) {
				throw new DataLockedError(owner, dataDir);
			}

			rmSync(file, {force: true}); // left by a process that died: take it over
		}
	}

	throw new Error(`could not lock ${dataDir}: another daemon is starting at the same moment`);
}

function readOwner(file: string): number | undefined {
	try {
		const pid = Number(readFileSync(file, 'utf8').trim());
		return Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined;
	}
}

export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}

	return !isZombie(pid);
}

/**
 * A killed process stays in the process table until its parent reaps it; a daemon's parent is gone (it was
 * started detached), and a container's first process may reap late or never. It holds no file: it is dead.
 */
function isZombie(pid: number): boolean {
	try {
		// /proc/PID/stat: "pid (command) state ...": the command may hold spaces and parentheses.
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
	} catch {
		return false; // no /proc (macOS): kill(pid, 0) is all there is
	}
}
