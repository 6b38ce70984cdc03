import type {DirectoryProgress, DirectoryReport, FileOutcome} from '../../common/wire/jobs.js';
import type * as Ingest from '../engine/sources/sync-totals.js';
import type * as Write from '../engine/ingest/ingest-outcome.js';
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
