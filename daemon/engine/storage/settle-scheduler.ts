import {Holds} from '../bulk-write-holds.js';

/** How long writes must pause before the work that can wait runs, on either backend. */
export const settleDelayMs = 2000;

/**
 * When the work that can wait (index builds, index files) runs: once writes settle, that is no write for
 * `delayMs` and no bulk write holding it off. A directory ingestion's writes come seconds apart (one embedding
 * run each): building an index or writing a 60k-vector file between them took the cores the model needs.
 */
export class SettleScheduler {
	private timer: NodeJS.Timeout | undefined;
	/** Bulk writes running; the last release starts the wait again. */
	private readonly holds = new Holds(() => {
		this.later();
	});

	constructor(private readonly delayMs: number, private readonly run: () => Promise<void>) {
		// Fields only.
	}

	/** (Re)starts the wait for writes to settle. */
	later(): void {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => {
			this.timer = undefined;
			if (this.holds.idle) { // else the last release starts the wait again
				void this.run().catch(() => undefined); // the run reports its own failures
			}
		}, this.delayMs);
		this.timer.unref();
	}

	/** Holds the work off until the returned release is called (once; later calls do nothing). */
	hold(): () => void {
		return this.holds.take();
	}

	/** Forgets a pending wait: the work is being done now, or never (closing). */
	cancel(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
	}
}
