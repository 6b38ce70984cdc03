// What else used the CPU while a benchmark ran. The load average cannot say: a benchmark's own daemons, database
// and client are load too (a search benchmark on 2 cores ends near 2 by itself). So every few seconds each
// process's CPU time is read from /proc and split into this benchmark's (its descendants, and PostgreSQL's
// processes, which pg_ctl detaches) and everything else's (Linux only; elsewhere nothing is reported).
import {readdirSync, readFileSync} from 'node:fs';

const ticksPerSecond = 100; // USER_HZ: what /proc reports CPU time in, 100 on every Linux architecture in use
const sampleMs = 5000;

type Proc = {readonly pid: number; readonly ppid: number; readonly comm: string; readonly ticks: number};

function processes(): Proc[] {
	let pids: string[];
	try {
		pids = readdirSync('/proc').filter(name => /^\d+$/.test(name));
	} catch {
		return [];
	}

	return pids.flatMap(pid => {
		try {
			const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
			const close = stat.lastIndexOf(')'); // the name may hold spaces and parentheses
			const fields = stat.slice(close + 2).split(' ');
			return [{pid: Number(pid), ppid: Number(fields[1]), comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12])}];
		} catch {
			return []; // gone meanwhile
		}
	});
}

/** The pids of this process, its descendants, and PostgreSQL's processes (with theirs). */
function oursOf(all: readonly Proc[]): Set<number> {
	const ours = new Set([process.pid, ...all.filter(proc => proc.comm === 'postgres').map(proc => proc.pid)]);
	for (let grew = true; grew;) {
		grew = false;
		for (const proc of all) {
			if (!ours.has(proc.pid) && ours.has(proc.ppid)) {
				ours.add(proc.pid);
				grew = true;
			}
		}
	}

	return ours;
}

export type OtherWorkReport = {
	/** Other work's CPU, in cores, averaged over the run. */
	readonly average: number;
	/** The most it used in any one sample interval. */
	readonly peak: number;
	readonly seconds: number;
};

export class OtherWork {
	readonly #last = new Map<number, number>();
	readonly #started = Date.now();
	#otherTicks = 0;
	#peak = 0;
	#at = Date.now();
	readonly #timer: NodeJS.Timeout;

	constructor() {
		for (const proc of processes()) {
			this.#last.set(proc.pid, proc.ticks);
		}

		this.#timer = setInterval(() => {
			this.#sample();
		}, sampleMs).unref();
	}

	/** Stops sampling (one last sample first); undefined where /proc cannot be read. */
	finish(): OtherWorkReport | undefined {
		clearInterval(this.#timer);
		this.#sample();
		const seconds = (Date.now() - this.#started) / 1000;
		return this.#last.size === 0 ? undefined : {average: this.#otherTicks / ticksPerSecond / Math.max(seconds, 1e-3), peak: this.#peak, seconds};
	}

	#sample(): void {
		const all = processes();
		const ours = oursOf(all);
		let other = 0;
		for (const proc of all) {
			// A process first seen now started since the last sample: all its time is new.
			const delta = proc.ticks - (this.#last.get(proc.pid) ?? 0);
			this.#last.set(proc.pid, proc.ticks);
			if (!ours.has(proc.pid)) {
				other += Math.max(0, delta);
			}
		}

		const now = Date.now();
		this.#otherTicks += other;
		this.#peak = Math.max(this.#peak, other / ticksPerSecond / Math.max((now - this.#at) / 1000, 1e-3));
		this.#at = now;
	}
}
