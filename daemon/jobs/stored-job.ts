// A job as a shared database's job board keeps it (engine/storage/job-board.ts; PostgreSQL's md_vector.jobs): the
// JSON daemons of every version read, so its format is fixed here, apart from the API's. It is API v1's job as it
// was when the board came (snake_case; a finished job's progress is its whole report): a daemon of an earlier
// version answers a job read from the board as it is, so it must stay what the API shows.
import type {DirectoryProgress, DirectoryReport} from '../engine/sources/sync-totals.js';
import type {FileOutcome} from '../engine/ingest/ingest-outcome.js';
import type {SourceSyncReport, SyncReport} from '../engine/sources/sync-report.js';
import type {BoardJob} from '../engine/storage/job-board.js';
import type {Job} from './job.js';

type StoredProgress = {
	readonly total_files: number;
	readonly processed_files: number;
	readonly indexed: number;
	readonly moved: number;
	readonly unchanged: number;
	readonly failed: number;
	readonly chunks: number;
	readonly phase?: 'reading' | 'writing';
	readonly found_files?: number;
	readonly read_files?: number;
	readonly write_files?: number;
	readonly prepared_files?: number;
	readonly prepared_chunks?: number;
	readonly embedded_chunks?: number;
};

type StoredSource = Omit<SourceSyncReport, 'skippedExamples'> & {readonly skipped_examples: SourceSyncReport['skippedExamples']};

type StoredReport = StoredProgress & {
	readonly cancelled: boolean;
	readonly files: readonly FileOutcome[];
	readonly sync?: {readonly collections: ReadonlyArray<{readonly collection: string; readonly sources: readonly StoredSource[]}>};
};

export type StoredJob = {
	readonly id: string;
	readonly collection: string;
	readonly directory: string;
	readonly type: Job['type'];
	readonly model_switch?: Job['modelSwitch'];
	readonly state: Job['state'];
	readonly progress: StoredProgress | StoredReport;
	readonly started_at: string;
	readonly report?: StoredReport;
	readonly cancelled_by?: Job['cancelledBy'];
	readonly error?: string;
	readonly finished_at?: string;
};

/** Leaves out the fields whose value is undefined (the work between commits, absent from some reports). */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
	return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function storedProgress(progress: DirectoryProgress): StoredProgress {
	return {
		total_files: progress.totalFiles, processed_files: progress.processedFiles, indexed: progress.indexed, moved: progress.moved,
		unchanged: progress.unchanged, failed: progress.failed, chunks: progress.chunks,
		...present({
			phase: progress.phase, found_files: progress.foundFiles, read_files: progress.readFiles, write_files: progress.writeFiles,
			prepared_files: progress.preparedFiles, prepared_chunks: progress.preparedChunks, embedded_chunks: progress.embeddedChunks,
		}),
	};
}

function progressOf(stored: StoredProgress): DirectoryProgress {
	return {
		totalFiles: stored.total_files, processedFiles: stored.processed_files, indexed: stored.indexed, moved: stored.moved,
		unchanged: stored.unchanged, failed: stored.failed, chunks: stored.chunks,
		...present({
			phase: stored.phase, foundFiles: stored.found_files, readFiles: stored.read_files, writeFiles: stored.write_files,
			preparedFiles: stored.prepared_files, preparedChunks: stored.prepared_chunks, embeddedChunks: stored.embedded_chunks,
		}),
	};
}

/** A file's outcome: the engine's own words already, its fields picked (no more reach the board than the API shows). */
function storedOutcome({file, status, chunks, from, error}: FileOutcome): FileOutcome {
	return {file, status, chunks, ...(from === undefined ? {} : {from}), ...(error === undefined ? {} : {error})};
}

function storedReport(report: DirectoryReport): StoredReport {
	return {
		...storedProgress(report), cancelled: report.cancelled, files: report.files.map(outcome => storedOutcome(outcome)),
		...(report.sync ? {sync: {collections: report.sync.collections.map(({collection, sources}) => ({collection, sources: sources.map(({skippedExamples, ...rest}) => ({...rest, skipped_examples: skippedExamples}))}))}} : {}),
	};
}

function reportOf(stored: StoredReport): DirectoryReport {
	const sync: SyncReport | undefined = stored.sync && {
		collections: stored.sync.collections.map(({collection, sources}) => ({collection, sources: sources.map(({skipped_examples, ...rest}) => ({...rest, skippedExamples: skipped_examples}))})),
	};
	return {...progressOf(stored), cancelled: stored.cancelled, files: stored.files, ...(sync ? {sync} : {})};
}

export function toStoredJob(job: Job): StoredJob {
	return {
		id: job.id, collection: job.collection, directory: job.directory, type: job.type,
		...(job.modelSwitch ? {model_switch: job.modelSwitch} : {}),
		state: job.state, progress: job.report ? storedReport(job.report) : storedProgress(job.progress), started_at: job.startedAt,
		...(job.report ? {report: storedReport(job.report)} : {}),
		...(job.cancelledBy ? {cancelled_by: job.cancelledBy} : {}),
		...(job.error === undefined ? {} : {error: job.error}),
		...(job.finishedAt ? {finished_at: job.finishedAt} : {}),
	};
}

/** A job the board gives back: as a registry of this or another version wrote it (the board only marks a dead daemon's failed). */
export function fromStoredJob(board: BoardJob): Job {
	const stored = board as StoredJob;
	const report = stored.report && reportOf(stored.report);
	return {
		id: stored.id, type: stored.type, collection: stored.collection, directory: stored.directory, state: stored.state,
		progress: report ?? progressOf(stored.progress), ...(report ? {report} : {}),
		...(stored.error === undefined ? {} : {error: stored.error}),
		...(stored.cancelled_by ? {cancelledBy: stored.cancelled_by} : {}),
		...(stored.model_switch ? {modelSwitch: stored.model_switch} : {}),
		startedAt: stored.started_at,
		...(stored.finished_at ? {finishedAt: stored.finished_at} : {}),
	};
}
