// The daemon's response shapes, as types only, declared once in common/wire: nothing of the daemon is loaded
// into the CLI process, and an engine change cannot change them behind the CLI's back.
export type {SearchMode, SearchResponse, SearchResult} from '../../common/wire/search.js';
export type {CollectionDeleted, CollectionEntry, CollectionRenamed, CollectionStats, SourceEntry, SourceRemoved} from '../../common/wire/collections.js';
export type {DeleteResult, DocumentText, ImportResult, IngestResult, ManyDocuments} from '../../common/wire/documents.js';
export type {DirectoryProgress, DirectoryReport, FileOutcome, IngestMode, Job, JobState} from '../../common/wire/jobs.js';
export type {ExportFormat} from '../../common/wire/transfer.js';
export type {Health} from '../../common/wire/health.js';
export type {ModelUseAnswer, ModelUseEntry} from '../../common/wire/models.js';
