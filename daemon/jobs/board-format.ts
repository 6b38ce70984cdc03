// How the registry writes its jobs to a shared database's job board and reads them back. The format is not the
// registry's to choose: daemons of every version share the board and answer a job read from it as it is, so it
// is the API's job (the app hands it in: daemon/job-board-format.ts), which jobs/ may not name (domain types only).
import type {BoardJob, JobBoard} from '../engine/storage/job-board.js';
import type {Job} from './job.js';

export type BoardFormat = {
	write(job: Job): BoardJob;
	/** A job as a registry of this or another version wrote it (the board only marks a dead daemon's failed). */
	read(stored: BoardJob): Job;
};

/** A shared database's job board, with the format its jobs are kept in. */
export type SharedJobBoard = {
	readonly board: JobBoard;
	readonly format: BoardFormat;
};
