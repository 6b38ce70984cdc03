import {spawn, type ChildProcess} from 'node:child_process';
import os from 'node:os';

/**
 * `--hog N`: N processes spinning on the CPU for the length of the run, so the sections run on a loaded machine
 * (the kill runs' lost document showed at load 7-11 only: a loaded machine widens every window between an
 * answer and a commit). The load average is sampled while it runs; stop() ends them and answers its range.
 */
export class CpuHog {
	private readonly children: ChildProcess[];
	private readonly samples: number[] = [];
	private readonly timer: NodeJS.Timeout;

	constructor(count: number) {
		this.children = Array.from({length: count}, () => spawn(process.execPath, ['-e', 'for (;;) {}'], {stdio: 'ignore'}));
		process.once('exit', () => this.stop()); // never left spinning, should the run end early
		this.timer = setInterval(() => {
			this.samples.push(os.loadavg()[0]!);
		}, 5000).unref();
	}

	/** Ends the spinning processes; answers the 1-minute load average's lowest and highest sample while they ran. */
	stop(): {min: number; max: number} | undefined {
		clearInterval(this.timer);
		for (const child of this.children) {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGKILL');
			}
		}

		return this.samples.length === 0 ? undefined : {min: Math.min(...this.samples), max: Math.max(...this.samples)};
	}
}
