import type {Judgments} from './scifact.js';

/** Judged questions over a folder of Markdown: what `npm run eval` ingests and asks. */
export type QuerySet = {
	readonly name: string;
	/** Folder to ingest (ingest-dir). */
	readonly folder: string;
	readonly queries: ReadonlyArray<{readonly id: string; readonly text: string}>;
	/** query id -> (document id -> relevance grade). */
	readonly qrels: Judgments;
	/** The document id of a hit (its source_file, relative to the folder), as the judgments name it. */
	readonly documentId: (sourceFile: string) => string;
};
