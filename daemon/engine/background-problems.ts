/** A problem of work no request waits for, as /health shows it. */
export type Problem = {
	/** What it concerns, e.g. `index-file:notes`; one problem per source at a time. */
	readonly source: string;
	readonly message: string;
	/** When it started (ISO time). */
	readonly since: string;
};

/** A check run whenever problems are listed (the data folder's free space); a message, or undefined when fine. */
export type Probe = {readonly source: string; readonly check: () => string | undefined};

/**
 * Failures of background work (index files written when writes settle, index rebuilds, vectors filled in
 * later) and conditions found by probes (a full or read-only data folder). Nobody waits for that work, so
 * a failure is not an answer to a request: it is kept here until the same work succeeds, shown by /health
 * as `degraded` with the reason, and logged once when it starts and once when it clears.
 */
export class BackgroundProblems {
	private readonly current = new Map<string, Problem>();
	private readonly probes: Probe[] = [];

	constructor(private readonly log: (line: string) => void = () => undefined) {
		// Fields only.
	}

	report(source: string, message: string): void {
		const existing = this.current.get(source);
		if (existing?.message === message) {
			return;
		}

		this.current.set(source, {source, message, since: existing?.since ?? new Date().toISOString()});
		this.log(`problem (${source}): ${message}`);
	}

	resolve(source: string): void {
		if (this.current.delete(source)) {
			this.log(`resolved (${source})`);
		}
	}

	addProbe(probe: Probe): void {
		this.probes.push(probe);
	}

	/** Runs the probes, then lists every current problem, oldest first. */
	list(): Problem[] {
		for (const probe of this.probes) {
			const message = probe.check();
			if (message === undefined) {
				this.resolve(probe.source);
			} else {
				this.report(probe.source, message);
			}
		}

		return [...this.current.values()];
	}
}
