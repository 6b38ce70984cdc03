import type {JobRecord} from '../engine/storage/job-board.js';
import type {BoardFormat} from './board-format.js';
import type {Job} from './job.js';

/** How often a running job is written to the board, which is also how often it looks there for a cancellation. */
const intervalMs = 1000;

/**
 * Keeps a running job's entry on the job board (a shared database) up to date: written once a second while it
 * runs (progress counts change far more often: one write per file would be one per file), and at its end. A
 * cancellation asked through another daemon is found at the next write. A failed write is logged, and the job
 * goes on: its daemon still answers for it.
 */
export class JobPublisher {
	private readonly timer: NodeJS.Timeout;
	private writing: Promise<void> = Promise.resolve();
	private busy = false;
	private failed = false;

	constructor(private readonly record: JobRecord, private readonly format: BoardFormat, private readonly job: Job, private readonly onCancel: () => void, private readonly log?: (line: string) => void) {
		this.timer = setInterval(() => {
			this.tick();
		}, intervalMs).unref();
	}

	/** Writes the job's end (waiting for a write under way) and lets go of its entry. */
	async end(): Promise<void> {
		clearInterval(this.timer);
		await this.writing;
		await this.record.end(this.format.write(this.job)).catch((error: unknown) => {
			this.warn(error);
		});
	}

	private tick(): void {
		if (this.busy) {
			return; // the database is slow: one write at a time, the next tick writes the newest state
		}

		this.busy = true;
		this.writing = this.record.save(this.format.write(this.job)).then(({cancelRequested}) => {
			if (cancelRequested) {
				this.onCancel();
			}
		}, (error: unknown) => {
			this.warn(error);
		}).finally(() => {
			this.busy = false;
		});
	}

	private warn(error: unknown): void {
		if (!this.failed) {
			this.failed = true;
			this.log?.(`job ${this.job.id}: recording its progress in the database failed (${error instanceof Error ? error.message : String(error)}); other daemons may not see it`);
		}
	}
}
