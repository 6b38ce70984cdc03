// The HTTP API's answers about documents, as types only (see search.ts).
import type {FileOutcome} from './jobs.js';

/** POST /ingest. */
export type IngestResult = {
	readonly status: 'ok';
	readonly chunks: number;
	readonly file: string;
	readonly collection: string;
	/** indexed, or unchanged (skipped by incremental mode). */
	readonly outcome: FileOutcome['status'];
};

/**
 * DELETE /documents/{file_name}. `collection_removed`: it was the last document of a collection that follows no
 * folder, which went too. `source`: the folder source it came from, whose next sync brings it back (else null).
 */
export type DeleteResult = {
	readonly status: 'ok'; readonly file: string; readonly collection: string; readonly deleted_chunks: number;
	readonly collection_removed: boolean; readonly source: string | null;
};

/** One entry of GET /documents. */
export type DocumentEntry = {readonly file: string; readonly chunks: number; readonly content_hash: string};

/** A folder source an import carried: the collection's already (`added` false) or added; `missing`: not a folder on the daemon's machine. */
export type ImportedSource = {readonly path: string; readonly label: string; readonly added: boolean; readonly missing: boolean};

/** POST /import. `renamed`: documents of the collection's one source given its label as a prefix (it has more sources now). */
export type ImportResult = {
	readonly status: 'ok';
	readonly collection: string;
	readonly documents: number;
	readonly chunks: number;
	readonly sources: readonly ImportedSource[];
	readonly renamed: number;
};

/** The MCP tool get_document_section: the part of a document under a heading path. */
export type DocumentSection = {
	readonly file: string;
	readonly collection: string;
	readonly heading_path: readonly string[];
	/** null when the heading has no text of its own (only subsections). */
	readonly heading_level: number | null;
	readonly start_line: number;
	readonly end_line: number;
	readonly content: string;
};

/** GET /documents/{file_name}: a stored document, a line range or one section, as indexed (`md-vector get`). */
export type DocumentText = {
	readonly file: string;
	readonly collection: string;
	readonly source_path: string | null;
	readonly start_line: number;
	readonly end_line: number;
	readonly total_lines: number;
	readonly heading_path?: readonly string[];
	readonly content: string;
	/** True when the file differs from what was indexed or is gone; null when it was not read from disk. */
	readonly changed_on_disk: boolean | null;
	/** The document's YAML front matter fields ({} when it has none, or was stored before front matter was kept: it gets it at its next re-ingest). */
	readonly meta?: Readonly<Record<string, unknown>>;
};

/** One document of POST /documents/get: its whole indexed text and front matter. */
export type ManyDocument = Omit<DocumentText, 'heading_path' | 'start_line' | 'end_line'> & {readonly byte_size: number};

/** POST /documents/get's answer: the documents matched (by name), those skipped, and the patterns that matched nothing. */
export type ManyDocuments = {
	readonly collection: string;
	readonly documents: readonly ManyDocument[];
	/** too_large: over max_bytes; limit: past the documents one answer carries. */
	readonly skipped: ReadonlyArray<{readonly file: string; readonly byte_size: number; readonly reason: 'too_large' | 'limit'}>;
	readonly unmatched: readonly string[];
};
