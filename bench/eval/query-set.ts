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

/**
 * The set's queries in two halves, alternating in file order (SciFact's are sorted by text): settings are chosen
 * on `tune` and reported on `heldOut` too, so a choice that fits one half's noise shows as a gap between them.
 */
export function halves(set: QuerySet): {tune: Set<string>; heldOut: Set<string>} {
	const ids = set.queries.map(query => query.id);
	return {tune: new Set(ids.filter((_, index) => index % 2 === 0)), heldOut: new Set(ids.filter((_, index) => index % 2 === 1))};
}
