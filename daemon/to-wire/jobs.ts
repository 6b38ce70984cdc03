import type {DirectoryProgress, DirectoryReport, FileOutcome} from '../../common/wire/jobs.js';
import type * as Ingest from '../engine/sources/sync-totals.js';
import type * as Write from '../engine/ingest/write-documents.js';

/** A directory ingestion's counts, as jobs report them (snake_case, as every other field of the API). */
export function toDirectoryProgress(progress: Ingest.DirectoryProgress): DirectoryProgress {
	return {
		total_files: progress.totalFiles, processed_files: progress.processedFiles, indexed: progress.indexed, moved: progress.moved,
		unchanged: progress.unchanged, failed: progress.failed, chunks: progress.chunks,
	};
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
		...(report.sync ? {sync: report.sync} : {}),
	};
}
