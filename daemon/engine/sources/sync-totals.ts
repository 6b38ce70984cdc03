import type {FileOutcome} from '../ingest/ingest-outcome.js';
import type {SyncReport} from './sync-report.js';

/** A directory ingestion's counts as the engine keeps them (the API's are snake_case: daemon/to-wire/jobs.ts). */
export type DirectoryProgress = {
	readonly totalFiles: number;
	readonly processedFiles: number;
	readonly indexed: number;
	/** Files of a folder sync found at a new path (their documents moved with them). */
	readonly moved: number;
	readonly unchanged: number;
	readonly failed: number;
	readonly chunks: number;
	/**
	 * The work as it moves (issue 37), between commits: `reading` while the folder is walked and changed files are
	 * read (`foundFiles` found, `readFiles` checked), then `writing` (`writeFiles` to chunk, embed and write;
	 * `preparedFiles` of them chunked into `preparedChunks`; `embeddedChunks` of those given vectors, embedded or reused).
	 */
	readonly phase?: 'reading' | 'writing';
	readonly foundFiles?: number;
	readonly readFiles?: number;
	readonly writeFiles?: number;
	readonly preparedFiles?: number;
	readonly preparedChunks?: number;
	readonly embeddedChunks?: number;
};

/** What an ingestion or sync did: the counts, whether it was cancelled, each file's outcome, and the sync report. */
export type DirectoryReport = DirectoryProgress & {
	readonly cancelled: boolean;
	readonly files: readonly FileOutcome[];
	/** What the sync of the folder sources did: added, changed, renamed, removed... (ingest-dir and update). */
	readonly sync?: SyncReport;
};
