// A job as the daemon keeps it (directory ingestions, updates, model switches), in the daemon's own words:
// camelCase, holding the engine's progress and reports as the engine gives them. daemon/to-wire/jobs.ts maps it to
// the API's job (common/wire/jobs.ts), which is also what a shared database's job board keeps (daemon/job-board-format.ts).
import type {DirectoryProgress, DirectoryReport} from '../engine/sources/sync-totals.js';
import type {ModelSwitchProgress} from '../engine/models/model-switcher.js';

/**
 * `update`: a sync of every source (of one collection, or of all: collection '*', directory ''); `model-switch`:
 * a collection's switch to another model (directory '', its progress in `modelSwitch`).
 */
export type JobType = 'ingest-directory' | 'update' | 'model-switch';

export type JobState = 'running' | 'completed' | 'cancelled' | 'failed';

/** Who cancelled a job: a client (POST .../cancel, Ctrl-C) or the daemon stopping (`md-vector stop --now`). */
export type CancelledBy = 'request' | 'shutdown';

export type Job = {
	readonly id: string;
	readonly type: JobType;
	readonly collection: string;
	readonly directory: string;
	state: JobState;
	/** The counts so far; once a directory job finished, its report's. */
	progress: DirectoryProgress;
	/** A directory job's whole report, once it finished (not when it failed). */
	report?: DirectoryReport;
	error?: string;
	/** Set when state is cancelled. */
	cancelledBy?: CancelledBy;
	/** A model switch's progress, and once ended its outcome. */
	modelSwitch?: ModelSwitchProgress;
	/** ISO 8601 times, as they are shown and stored. */
	readonly startedAt: string;
	finishedAt?: string;
};
