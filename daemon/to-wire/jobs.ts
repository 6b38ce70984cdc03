import type {DirectoryProgress, DirectoryReport, FileOutcome} from '../../common/wire/jobs.js';
import type * as Ingest from '../../common/wire/jobs.js';
import type * as Write from '../engine/ingest/write-documents.js';

/** A directory ingestion's counts, as jobs report them (camelCase on the wire, as they always were). */
export function toDirectoryProgress(progress: Ingest.DirectoryProgress): DirectoryProgress {
	return {
		totalFiles: progress.totalFiles, processedFiles: progress.processedFiles, indexed: progress.indexed, moved: progress.moved,
		unchanged: progress.unchanged, failed: progress.failed, chunks: progress.chunks, ...workOf(progress),
	};
}

/** The progress of the work between commits (phase, files read, chunks embedded), when the daemon reported it. */
function workOf(progress: Ingest.DirectoryProgress): Partial<DirectoryProgress> {
	const {phase, foundFiles, readFiles, writeFiles, preparedFiles, preparedChunks, embeddedChunks} = progress;
	return Object.fromEntries(Object.entries({phase, foundFiles, readFiles, writeFiles, preparedFiles, preparedChunks, embeddedChunks}).filter(([, value]) => value !== undefined));
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
