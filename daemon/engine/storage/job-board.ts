/**
 * A job as a board keeps it: whatever record the daemon's job registry gives (daemon/job-board-format.ts: the job
 * as the API shows it), of which the board reads only the id and state, and marks one whose daemon is gone as
 * failed, with when and why.
 */
export type BoardJob = {
	readonly id: string;
	readonly state: string;
	readonly finished_at?: string;
	readonly error?: string;
	readonly [field: string]: unknown;
};

/**
 * Where a backend shared by several daemons keeps its jobs (directory ingestions, updates), so that a job's
 * progress can be read, followed and cancelled through any daemon of the database, not only the one running it.
 * A single-process backend has none: its daemon's in-memory registry is all there is.
 */
export type JobBoard = {
	/** Records a job this daemon starts; answers the handle through which it records the job's changes. */
	begin(job: BoardJob): Promise<JobRecord>;
	/**
	 * The job as the daemon running it last recorded it; undefined when unknown. A job whose daemon stopped
	 * before it ended (killed, connection lost) reads as failed.
	 */
	read(id: string): Promise<BoardJob | undefined>;
	/** Asks the daemon running the job to cancel it (it does so at its next check); answers the job as read, or undefined. */
	requestCancel(id: string): Promise<BoardJob | undefined>;
};

/** A running job's entry on the board, kept by the daemon running it. */
export type JobRecord = {
	/** Records the job as it is now; answers whether a daemon was asked to cancel it. */
	save(job: BoardJob): Promise<{cancelRequested: boolean}>;
	/** Records the job's end and lets go of the entry (the job stays readable). */
	end(job: BoardJob): Promise<void>;
};
