import {percentile} from '../machine.js';

/**
 * What the suite found, by the name of the finding each check guards (issue 16's items and the attack's
 * findings, e.g. `F-percent-encoding`). Must-be-0 figures: unexpected 5xx, crashes, acknowledged documents lost,
 * half documents, unauthorised successes; any failed check also fails the run.
 */
export class Tally {
	requests = 0;
	readonly statuses = new Map<number, number>();
	serverErrors = 0;
	crashes = 0;
	lost = 0;
	half = 0;
	unauthorised = 0;
	kills = 0;
	readonly latencies = new Map<string, number[]>();
	readonly notes: string[] = [];
	private readonly checks = new Map<string, {finding: string; passed: number; failed: number; examples: string[]}>();

	/** Counts a response (status 0: no answer at all). */
	answered(status: number): void {
		this.requests++;
		this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
	}

	/** Records one check: `ok`, or a failure with what was seen (kept for the first few). */
	check(finding: string, name: string, ok: boolean, detail = ''): boolean {
		const id = `${finding}\u0000${name}`;
		const entry = this.checks.get(id) ?? {finding, passed: 0, failed: 0, examples: []};
		this.checks.set(id, entry);
		if (ok) {
			entry.passed++;
		} else {
			entry.failed++;
			if (entry.examples.length < 3) {
				entry.examples.push(detail.length > 600 ? `${detail.slice(0, 600)}…` : detail);
			}
		}

		return ok;
	}

	latency(group: string, ms: number): void {
		const values = this.latencies.get(group) ?? [];
		values.push(ms);
		this.latencies.set(group, values);
	}

	note(line: string): void {
		this.notes.push(line);
	}

	/** The checks that failed, with their finding. */
	failedChecks(): Array<{name: string; finding: string; failed: number; passed: number; examples: string[]}> {
		return [...this.checks].filter(([, entry]) => entry.failed > 0).map(([id, entry]) => ({name: id.slice(id.indexOf('\u0000') + 1), ...entry}));
	}

	allChecks(): Array<{name: string; finding: string; failed: number; passed: number}> {
		return [...this.checks].map(([id, {finding, passed, failed}]) => ({name: id.slice(id.indexOf('\u0000') + 1), finding, passed, failed}));
	}

	/** Whether every must-be-0 figure is 0 and no check failed. */
	get clean(): boolean {
		return this.serverErrors + this.crashes + this.lost + this.half + this.unauthorised === 0 && this.failedChecks().length === 0;
	}

	/** The figures as printed lines. */
	summary(): string[] {
		const histogram = [...this.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status === 0 ? 'none' : status}: ${count.toLocaleString('en-US')}`).join(', ');
		const lines = [
			`requests: ${this.requests.toLocaleString('en-US')}`,
			`status histogram: ${histogram || '-'}`,
			`unexpected 5xx: ${this.serverErrors} (must be 0)`,
			`crashes: ${this.crashes} (must be 0)`,
			`SIGKILLs: ${this.kills}`,
			`acknowledged documents lost: ${this.lost} (must be 0)`,
			`half documents: ${this.half} (must be 0)`,
			`unauthorised successes: ${this.unauthorised} (must be 0)`,
		];
		for (const [group, values] of this.latencies) {
			lines.push(`${group}: ${values.length.toLocaleString('en-US')} requests, p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`);
		}

		const checks = this.allChecks();
		lines.push(`checks: ${checks.length} kinds, ${checks.reduce((sum, check) => sum + check.passed + check.failed, 0).toLocaleString('en-US')} made, ${checks.filter(check => check.failed > 0).length} kinds failing`);
		for (const check of this.failedChecks()) {
			lines.push(`  FAILED [${check.finding}] ${check.name}: ${check.failed} of ${check.failed + check.passed}`);
			for (const example of check.examples) {
				lines.push(`      e.g. ${example}`);
			}
		}

		return [...lines, ...this.notes.map(note => `note: ${note}`)];
	}
}
