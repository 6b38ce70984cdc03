// Matching globs over many names (every document of a collection) runs in slices: the event loop turns between
// them, so /health and other requests are answered meanwhile, and a request whose globs would take longer than
// its budget is refused instead of finished.
import {setImmediate as turn} from 'node:timers/promises';

/** A request's matching took longer than its budget. */
export class MatchBudgetError extends RangeError {
	constructor(message: string) {
		super(message);
		this.name = 'MatchBudgetError';
	}
}

export class MatchBudget {
	private readonly started = performance.now();
	private sliceStarted = this.started;
	private names = 0;

	constructor(private readonly ms = 5000, private readonly sliceMs = 5) {
		// Fields only.
	}

	/** Call once per name matched: lets the event loop turn every few ms, throws MatchBudgetError past the budget. */
	async tick(): Promise<void> {
		if ((++this.names & 127) !== 0) {
			return;
		}

		const now = performance.now();
		if (now - this.started > this.ms) {
			throw new MatchBudgetError(`matching took more than ${this.ms / 1000} s (${this.names.toLocaleString('en-US')} names so far): use fewer or narrower globs`);
		}

		if (now - this.sliceStarted > this.sliceMs) {
			await turn();
			this.sliceStarted = performance.now();
		}
	}
}

/** The names any of the tests keeps, in their order. */
export async function namesMatching(names: Iterable<string>, tests: ReadonlyArray<(name: string) => boolean>, budget = new MatchBudget()): Promise<string[]> {
	const kept: string[] = [];
	for (const name of names) {
		await budget.tick();
		if (tests.some(test => test(name))) {
			kept.push(name);
		}
	}

	return kept;
}
