import {percentile} from '../../machine.js';
import {delay, type DaemonProcess} from '../daemon-process.js';
import type {Tally} from '../tally.js';

/** What /health did while an attack ran: how often it answered, how fast, and the slowest. */
export type HealthFigures = {readonly count: number; readonly p50: number; readonly p99: number; readonly max: number; readonly late: number; readonly unanswered: number};

/**
 * Asks /health every `intervalMs` while an attack runs (issue 34: a hostile input must never cost the daemon its
 * availability): each answer timed; one later than `boundMs`, or none in 4 bounds, counts as late.
 */
export class HealthWatch {
	private readonly latencies: number[] = [];
	private late = 0;
	private unanswered = 0;
	private running = true;
	private readonly loop: Promise<void>;

	constructor(private readonly daemon: DaemonProcess, private readonly tally: Tally, private readonly group: string, private readonly boundMs = 2000, intervalMs = 100) {
		this.loop = this.run(intervalMs);
	}

	async stop(): Promise<HealthFigures> {
		this.running = false;
		await this.loop;
		const values = this.latencies;
		return {
			count: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(0, ...values), late: this.late, unanswered: this.unanswered,
		};
	}

	private async run(intervalMs: number): Promise<void> {
		while (this.running && this.daemon.running) {
			const started = performance.now();
			const answer = await Promise.race([this.daemon.api('GET', '/health').catch(() => ({status: 0})), delay(this.boundMs * 4).then(() => ({status: 0}))]);
			const ms = performance.now() - started;
			this.tally.answered(answer.status);
			if (answer.status === 0) {
				this.unanswered++;
			} else {
				this.latencies.push(ms);
				this.tally.latency(this.group, ms);
			}

			if (ms > this.boundMs || answer.status !== 200) {
				this.late++;
			}

			await delay(intervalMs);
		}
	}
}

/** "/health: 120 answers, p50 2.1 ms, p99 40.3 ms, max 61.0 ms, 0 past 2 s" */
export function describeHealth(figures: HealthFigures, boundMs: number): string {
	return `/health ${figures.count} answers, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(0)} ms, ${figures.late} past ${boundMs / 1000} s or not ok, ${figures.unanswered} unanswered`;
}

/** Records the usual checks on the figures: /health answered within the bound every time (must be 0 late). */
export function checkHealth(tally: Tally, finding: string, what: string, figures: HealthFigures, boundMs: number): void {
	tally.check(finding, `/health answers within ${boundMs / 1000} s while ${what} (must be 0 late)`, figures.late === 0 && figures.unanswered === 0 && figures.count > 0, describeHealth(figures, boundMs));
}
