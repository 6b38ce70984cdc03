// What a shared database's job board keeps of a job (engine/storage/job-board.ts; PostgreSQL's md_vector.jobs):
// the API's job, byte for byte (snake_case; a finished job's progress is its whole report), as it was when the
// board came. Daemons of every version read it, and one of an earlier version answers a job read from the board
// as it is: so it must stay what the API shows, and the API's mapping writes it (its JSON pinned by
// test/daemon/job-board-format.test.ts: a change of the API's job must not reach the board unseen).
import type {Job as WireJob} from '../common/wire/jobs.js';
import type {JobBoard} from './engine/storage/job-board.js';
import type {BoardFormat, SharedJobBoard} from './jobs/board-format.js';
import {toJob} from './to-wire/jobs.js';
import {fromJob} from './from-wire/jobs.js';

export const jobBoardFormat: BoardFormat = {
	write: job => toJob(job),
	read: stored => fromJob(stored as WireJob),
};

/** The registry's share of a database's job board (none: a single daemon's backend, its jobs its own). */
export function sharedJobBoard(board: JobBoard | undefined): SharedJobBoard | undefined {
	return board && {board, format: jobBoardFormat};
}
