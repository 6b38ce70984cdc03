// A job as the API shows it (common/wire/jobs.ts), read back into the daemon's own (jobs/job.ts): what a shared
// database's job board keeps (daemon/job-board-format.ts), as a registry of this or another version wrote it.
import type * as Wire from '../../common/wire/jobs.js';
import type * as WireSync from '../../common/wire/sync.js';
import type {DirectoryProgress, DirectoryReport} from '../engine/sources/sync-totals.js';
import type {SyncReport} from '../engine/sources/sync-report.js';
import type {Job} from '../jobs/job.js';

/** Leaves out the fields whose value is undefined (the work between commits, absent from some reports). */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
	return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function fromDirectoryProgress(progress: Wire.DirectoryProgress): DirectoryProgress {
	return {
		totalFiles: progress.total_files, processedFiles: progress.processed_files, indexed: progress.indexed, moved: progress.moved,
		unchanged: progress.unchanged, failed: progress.failed, chunks: progress.chunks,
		...present({
			phase: progress.phase, foundFiles: progress.found_files, readFiles: progress.read_files, writeFiles: progress.write_files,
			preparedFiles: progress.prepared_files, preparedChunks: progress.prepared_chunks, embeddedChunks: progress.embedded_chunks,
		}),
	};
}

function fromSyncReport(report: WireSync.SyncReport): SyncReport {
	return {collections: report.collections.map(({collection, sources}) => ({collection, sources: sources.map(({skipped_examples, ...rest}) => ({...rest, skippedExamples: skipped_examples}))}))};
}

/** A file's outcome is the engine's words already: kept as written. */
export function fromDirectoryReport(report: Wire.DirectoryReport): DirectoryReport {
	return {...fromDirectoryProgress(report), cancelled: report.cancelled, files: report.files, ...(report.sync ? {sync: fromSyncReport(report.sync)} : {})};
}

/** A finished directory job's progress is its whole report (as the API shows it): read once, as both. */
export function fromJob(job: Wire.Job): Job {
	const report = job.report && fromDirectoryReport(job.report);
	return {
		id: job.id, type: job.type, collection: job.collection, directory: job.directory, state: job.state,
		progress: report ?? fromDirectoryProgress(job.progress), ...(report ? {report} : {}),
		...(job.error === undefined ? {} : {error: job.error}),
		...(job.cancelled_by ? {cancelledBy: job.cancelled_by} : {}),
		...(job.model_switch ? {modelSwitch: job.model_switch} : {}),
		startedAt: job.started_at,
		...(job.finished_at ? {finishedAt: job.finished_at} : {}),
	};
}
