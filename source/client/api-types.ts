// The daemon's response shapes, as types only: nothing of the daemon is loaded into the CLI process.
export type {SearchMode, SearchResponse, SearchResult} from '../../daemon/engine/search/types.js';
export type {CollectionStats, IngestResult} from '../../daemon/engine/engine.js';
export type {Job, JobState} from '../../daemon/jobs/job-registry.js';
export type {DirectoryProgress, DirectoryReport} from '../../daemon/engine/ingest/ingest-directory.js';
export type {FileOutcome, IngestMode} from '../../daemon/engine/ingest/write-documents.js';
export type {ExportFormat} from '../../daemon/engine/export/export-format.js';

export type Health = {
	readonly status: 'ok' | 'degraded' | 'error';
	readonly version: string;
	readonly uptime_s: number;
	readonly checks: {
		readonly chromadb: {readonly status: string; readonly count: number};
		readonly embedder: {
			readonly status: string; readonly dimension: number; readonly model: string; readonly reason?: string;
			/** While vectors are filled in after the model became available: chunks with a vector so far of all. */
			readonly vector_fill?: {readonly done: number; readonly total: number};
		};
	};
};

export type CollectionEntry = {readonly name: string; readonly count: number; readonly documents: number};

export type DeleteResult = {readonly status: 'ok'; readonly file: string; readonly collection: string; readonly deleted_chunks: number};

export type ImportResult = {readonly status: 'ok'; readonly collection: string; readonly documents: number; readonly chunks: number};
