// The HTTP API's directory-ingest jobs, as types only (see search.ts). Their fields are snake_case, as every
// other field of the API (the progress counts were camelCase before: totalFiles is total_files).
import type {SyncReport} from './sync.js';

/** How an existing document is treated: `incremental` skips it when unchanged, `force` re-embeds every chunk. */
export type IngestMode = 'default' | 'incremental' | 'force';

export type FileOutcome = {
	readonly file: string;
	/** `moved`: a document found at a new path in a folder sync (its vectors kept; re-embedded only where it was edited). */
	readonly status: 'indexed' | 'moved' | 'unchanged' | 'failed';
	readonly chunks: number;
	/** A moved file's previous name. */
	readonly from?: string;
	readonly error?: string;
};

export type DirectoryProgress = {
	readonly total_files: number;
	readonly processed_files: number;
	readonly indexed: number;
	/** Files of a folder sync found at a new path (their documents moved with them). */
	readonly moved: number;
	readonly unchanged: number;
	readonly failed: number;
	readonly chunks: number;
	/**
	 * The work as it moves (issue 37), between commits: `reading` while the folder is walked and changed files are
	 * read (`found_files` found, `read_files` checked), then `writing` (`write_files` to chunk, embed and write;
	 * `prepared_files` of them chunked into `prepared_chunks`; `embedded_chunks` of those given vectors, embedded or
	 * reused). Absent from jobs of daemons before them.
	 */
	readonly phase?: 'reading' | 'writing';
	readonly found_files?: number;
	readonly read_files?: number;
	readonly write_files?: number;
	readonly prepared_files?: number;
	readonly prepared_chunks?: number;
	readonly embedded_chunks?: number;
};

export type DirectoryReport = DirectoryProgress & {
	readonly cancelled: boolean;
	readonly files: readonly FileOutcome[];
	/** What the sync of the folder sources did: added, changed, renamed, removed... (ingest-dir and update). */
	readonly sync?: SyncReport;
};

export type JobState = 'running' | 'completed' | 'cancelled' | 'failed';

/** Who cancelled a job: a client (POST .../cancel, Ctrl-C) or the daemon stopping (`md-vector stop --now`). */
export type CancelledBy = 'request' | 'shutdown';

/**
 * A collection's switch to another model (`md-vector model use`): its vectors of `to` made so far of all its
 * chunks; once the job ended, what became of it (`swapped`: searches now answer from `to`; `cancelled`: the
 * switch was discarded and `from` keeps serving; `stopped`: the daemon stopped, and its next start resumes it).
 */
export type ModelSwitchProgress = {
	readonly from: string | null;
	readonly to: string;
	readonly done: number;
	readonly total: number;
	readonly outcome?: 'swapped' | 'cancelled' | 'stopped';
};

export type Job = {
	readonly id: string;
	/**
	 * `update`: a sync of every source (of one collection, or of all: collection '*', directory ''); `model-switch`:
	 * a collection's switch to another model (directory '', progress in `model_switch`).
	 */
	readonly type: 'ingest-directory' | 'update' | 'model-switch';
	readonly collection: string;
	readonly directory: string;
	state: JobState;
	/** While running, the counts; once finished, the whole report. */
	progress: DirectoryProgress;
	report?: DirectoryReport;
	error?: string;
	/** Set when state is cancelled. */
	cancelled_by?: CancelledBy;
	/** A model switch's progress, and once ended its outcome. */
	model_switch?: ModelSwitchProgress;
	readonly started_at: string;
	finished_at?: string;
};
