/**
 * How many vectors a build step adds, so that a step lasts about `targetMs` whatever the index kind and machine:
 * a search of the collection waits on the index thread for the step under way. HNSW adds cost 0.1-2 ms a vector
 * (more as the graph grows, and on a busy machine): a fixed 250 a step held searches during a build at p99 370 ms
 * (bench/RESULTS.md, --while-building); a flat index adds thousands in that time. Each step's size follows the
 * last ones' measured cost per vector; `fixed` (tests) turns that off.
 */
export class StepSizer {
	private size: number;
	/** Cost per vector, smoothed over the last steps (ms). */
	private perVector: number | undefined;

	constructor(private readonly options: {readonly targetMs: number; readonly min: number; readonly max: number; readonly fixed?: number}) {
		this.size = options.fixed ?? options.min;
	}

	/** Vectors for the next step. */
	get next(): number {
		return this.size;
	}

	/** What a step of `vectors` took: sets the next size. */
	record(vectors: number, ms: number): void {
		if (this.options.fixed !== undefined || vectors === 0) {
			return;
		}

		const measured = Math.max(ms, 0.01) / vectors;
		// Smoothed, so one step slowed by a search or a write on the thread does not halve the next.
		this.perVector = this.perVector === undefined ? measured : (0.7 * this.perVector) + (0.3 * measured);
		const {targetMs, min, max} = this.options;
		this.size = Math.min(max, Math.max(min, Math.floor(targetMs / this.perVector)));
	}
}
