import type {VectorChange} from '../sqlite/types.js';
import type {IndexKind} from './vector-index.js';
import {StepSizer} from './step-sizer.js';

type Rows = ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>;

/** What a build reads and writes: the store's vectors in rowid order, and index-thread calls on its own key. */
export type BuildIo = {
	readonly read: (after: number, limit: number) => Rows;
	readonly add: (rows: Rows) => Promise<unknown>;
	readonly remove: (rowids: readonly number[]) => Promise<unknown>;
};

/**
 * A build step's length. Searches and writes of the collection wait for one step at most: a fixed 1,000 vectors a
 * step held searches during a build at p50 327 ms (bench:search --while-building, 62k chunks: RESULTS.md), 250 at
 * p50 90 / p99 370 ms; steps of about this long, whatever a vector costs (step-sizer.ts).
 */
export const buildStepMs = 20;

/** Bounds of a step: small enough steps cost more messages than adds; the index thread takes at most vectorsPerAdd a call. */
const stepVectors = {min: 16, max: 2000} as const;

/**
 * A collection's index built again beside the live one (the other kind, or an HNSW graph without tombstones),
 * from the store in rowid order, one slice per step. Changes committed meanwhile are taken in, so writes never
 * have to stop a build: rows it has read are changed in the new index too; rows after them it reads as the store
 * holds them by then.
 */
export class IndexBuild {
	/** Highest rowid read so far. */
	private cursor = 0;
	private stopped = false;
	private failure: Error | undefined;
	/** Changes taken in while building. */
	taken = 0;

	private readonly started = performance.now();
	private readonly sizer: StepSizer;

	/** `slice`: a fixed number of vectors a step (tests); by default each step lasts about buildStepMs. */
	constructor(private readonly io: BuildIo, readonly kind: IndexKind, slice?: number) {
		this.sizer = new StepSizer({targetMs: buildStepMs, ...stepVectors, fixed: slice});
	}

	/** Call synchronously after the store commits a change and before the build steps again. */
	takeIn(change: VectorChange): void {
		this.taken++;
		const calls: Array<Promise<unknown>> = [];
		if (change.removed.length > 0) {
			calls.push(this.io.remove(change.removed)); // rowids not read yet are not in the new index: no-op
		}

		const read = change.added.filter(row => row.rowid <= this.cursor);
		if (read.length > 0) {
			calls.push(this.io.add(read));
		}

		for (const call of calls) {
			call.catch((error: unknown) => {
				this.failure ??= error instanceof Error ? error : new Error(String(error));
			});
		}
	}

	/** Ends the build at its next step, the new index unused (the daemon is stopping). */
	stop(): void {
		this.stopped = true;
	}

	/**
	 * One step: reads the next slice and adds it. Answers 'stopped', 'more', or 'read' when the store has nothing
	 * left; in that last case the caller puts the new index in place in the same tick, before any write commits.
	 */
	async step(): Promise<'stopped' | 'more' | 'read'> {
		if (this.stopped) {
			return 'stopped';
		}

		this.check();

		const rows = this.io.read(this.cursor, this.sizer.next);
		if (rows.length === 0) {
			return 'read';
		}

		this.cursor = rows.at(-1)!.rowid;
		const start = performance.now();
		await this.io.add(rows);
		this.sizer.record(rows.length, performance.now() - start);
		return 'more';
	}

	/** Throws what went wrong in a taken-in change (known once the swap is answered: replies come in order). */
	check(): void {
		if (this.failure) {
			throw this.failure;
		}
	}

	get seconds(): number {
		return (performance.now() - this.started) / 1000;
	}
}
