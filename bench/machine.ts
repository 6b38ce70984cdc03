import os from 'node:os';
import {OtherWork} from './other-work.js';

/** The machine a number was measured on, printed with every benchmark. */
export function machine(): string {
	const cpus = os.cpus();
	return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / (2 ** 30))} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Above this 1-minute load average a timing says more about the other work on the machine than about md-vector. */
export const quietLoad = 1.5;

/** Other work's CPU while a benchmark ran (other-work.ts), in cores, above which its figures do not count. */
export const quietOtherCores = 0.15;

/** The parseArgs option every benchmark takes: run on a machine that is not quiet, marking the figures. */
export const underLoadOption = {'under-load': {type: 'boolean', default: false}} as const;

export type LoadRecord = {
	/** The line to print with the figures: load before and after, and whether they count. */
	finish(): string;
};

/**
 * Measuring discipline (issue 37): a benchmark records the load average before and after, and refuses to start
 * when the machine is not quiet (1-minute load above 1.5) unless `underLoad` (--under-load) is given. Meanwhile it
 * measures what else used the CPU (other-work.ts): the load after includes the benchmark's own daemons, database
 * and client, so it is printed but does not decide. The figures are marked as taken under load, not to be
 * recorded as results, when the load was above 1.5 before or other work used more than 0.15 of a core on average.
 * Never run a benchmark beside a test suite.
 */
export function checkLoad(underLoad: boolean): LoadRecord {
	const before = os.loadavg()[0]!;
	if (before > quietLoad && !underLoad) {
		throw new Error(`the load average is ${before.toFixed(2)} (above ${quietLoad}): other work would stretch every figure. Wait until \`uptime\` shows a quiet machine (no test suite or other benchmark running), or pass --under-load to run anyway with the figures marked as taken under load`);
	}

	const others = new OtherWork();
	return {
		finish() {
			const after = os.loadavg()[0]!;
			const other = others.finish();
			// Without /proc (not Linux), the load after decides, as it did before the sampler.
			const quiet = before <= quietLoad && (other ? other.average <= quietOtherCores : after <= quietLoad);
			const otherText = other ? `; other work ${other.average.toFixed(2)} cores on average over ${Math.round(other.seconds)} s (at most ${other.peak.toFixed(2)} in any 5 s)` : '';
			const verdict = quiet ? 'quiet, the figures count' : `UNDER LOAD (load above ${quietLoad} before, or other work above ${quietOtherCores} cores): the figures are stretched by other work; do not record them as results`;
			return `load average (1 min): ${before.toFixed(2)} before, ${after.toFixed(2)} after (this benchmark's own processes included)${otherText}: ${verdict}`;
		},
	};
}
