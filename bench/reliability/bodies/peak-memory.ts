import {readFileSync, writeFileSync} from 'node:fs';

const field = (pid: number, name: string) => {
	const match = new RegExp(String.raw`^${name}:\s+(\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
	return match ? Number(match[1]) * 1024 : Number.NaN;
};

/**
 * The peak resident memory of a process over a stretch of time: Linux's high-water mark (VmHWM), reset at the
 * start through /proc/PID/clear_refs (root, Linux 4.0+); where that cannot be done, VmRSS sampled every 10 ms.
 */
export class PeakMemory {
	private sampled = 0;
	private readonly timer: NodeJS.Timeout | undefined;
	private readonly reset: boolean;

	constructor(private readonly pid: number) {
		try {
			writeFileSync(`/proc/${pid}/clear_refs`, '5');
			this.reset = true;
		} catch {
			this.reset = false;
			this.timer = setInterval(() => {
				this.sampled = Math.max(this.sampled, this.now());
			}, 10);
		}
	}

	/** Resident memory now, in bytes. */
	now(): number {
		return field(this.pid, 'VmRSS');
	}

	/** The peak since the start, in bytes (the process must still run). */
	peak(): number {
		clearInterval(this.timer);
		return this.reset ? field(this.pid, 'VmHWM') : Math.max(this.sampled, this.now());
	}
}
