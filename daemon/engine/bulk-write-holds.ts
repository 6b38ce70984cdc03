/**
 * Bulk writes holding background work off (index builds wait for an ingestion): each hold's release counts once,
 * and `onRelease` hears of every release, with whether none is left.
 */
export class Holds {
	private count = 0;

	constructor(private readonly onRelease: (idle: boolean) => void) {
		// Fields only.
	}

	get idle(): boolean {
		return this.count === 0;
	}

	/** Holds the work off until the returned release is called (once; later calls do nothing). */
	take(): () => void {
		this.count++;
		let released = false;
		return () => {
			if (!released) {
				released = true;
				this.count--;
				this.onRelease(this.count === 0);
			}
		};
	}
}
