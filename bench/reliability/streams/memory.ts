import {readFileSync} from 'node:fs';

/** A process's resident memory now and its peak so far (VmRSS, VmHWM), in MB; undefined where /proc is not. */
export function residentMb(pid: number): {now: number; peak: number} | undefined {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const field = (name: string) => Number(new RegExp(String.raw`^${name}:\s+(\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
		return {now: field('VmRSS'), peak: field('VmHWM')};
	} catch {
		return undefined;
	}
}
