import type {DirectoryProgress, DirectoryReport, FileOutcome, Job as WireJob, ModelSwitchProgress} from '../../common/wire/jobs.js';
import type * as Ingest from '../engine/sources/sync-totals.js';
import type * as Write from '../engine/ingest/ingest-outcome.js';
import type * as Switch from '../engine/models/model-switcher.js';
import type {Job} from '../jobs/job.js';
import {toSyncReport} from './sync.js';

/** A directory ingestion's counts, as jobs report them (snake_case, as every other field of the API). */
export function toDirectoryProgress(progress: Ingest.DirectoryProgress): DirectoryProgress {
	return {
		total_files: progress.totalFiles, processed_files: progress.processedFiles, indexed: progress.indexed, moved: progress.moved,
		unchanged: progress.unchanged, failed: progress.failed, chunks: progress.chunks, ...workOf(progress),
	};
}

/** The progress of the work between commits (phase, files read, chunks embedded), when the daemon reported it. */
function workOf(progress: Ingest.DirectoryProgress): Partial<DirectoryProgress> {
	const work = {
		phase: progress.phase, found_files: progress.foundFiles, read_files: progress.readFiles, write_files: progress.writeFiles,
		prepared_files: progress.preparedFiles, prepared_chunks: progress.preparedChunks, embedded_chunks: progress.embeddedChunks,
	};
	return Object.fromEntries(Object.entries(work).filter(([, value]) => value !== undefined));
}

export function toFileOutcome(outcome: Write.FileOutcome): FileOutcome {
	return {
		file: outcome.file, status: outcome.status, chunks: outcome.chunks,
		...(outcome.from === undefined ? {} : {from: outcome.from}), ...(outcome.error === undefined ? {} : {error: outcome.error}),
	};
}

export function toDirectoryReport(report: Ingest.DirectoryReport): DirectoryReport {
	return {
		...toDirectoryProgress(report), cancelled: report.cancelled, files: report.files.map(outcome => toFileOutcome(outcome)),
		...(report.sync ? {sync: toSyncReport(report.sync)} : {}),
	};
}

function toModelSwitch(progress: Switch.ModelSwitchProgress): ModelSwitchProgress {
	return {from: progress.from, to: progress.to, done: progress.done, total: progress.total, ...(progress.outcome ? {outcome: progress.outcome} : {})};
}

/**
 * A job as GET /jobs/{id} and a stream's `done` show it, whole: a finished directory job's progress is its whole
 * report (as its `report` is). The fields in the order the API has always given them.
 */
export function toJob(job: Job): WireJob {
	const report = job.report && toDirectoryReport(job.report);
	return {
		id: job.id, collection: job.collection, directory: job.directory, type: job.type,
		...(job.modelSwitch ? {model_switch: toModelSwitch(job.modelSwitch)} : {}),
		state: job.state, progress: report ?? toDirectoryProgress(job.progress), started_at: job.startedAt,
		...(report ? {report} : {}),
		...(job.cancelledBy ? {cancelled_by: job.cancelledBy} : {}),
		...(job.error === undefined ? {} : {error: job.error}),
		...(job.finishedAt ? {finished_at: job.finishedAt} : {}),
	};
}

/** A job without its report (a job started, cancelled, or listed): its progress is its counts, with no file listed. */
export function toJobSummary(job: Job): WireJob {
	const whole = toJob({...job, report: undefined});
	const {total_files, processed_files, indexed, moved, unchanged, failed, chunks} = whole.progress;
	return {...whole, progress: {total_files, processed_files, indexed, moved, unchanged, failed, chunks}};
}
