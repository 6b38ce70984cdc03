import {textHolds, type TextScope} from '../document-filter.js';
import {wordsQueries} from './words-vector.js';

/**
 * A scope's phrases and exclusions as a condition on a chunk's (document id, id) columns, for a top-k's one
 * statement (by document id too: co-located where the tables are distributed): chunks whose `words` match (the
 * GIN index), and chunks without `words` (written before migration 10, or past PostgreSQL's position limits), whose
 * text the caller checks with `recheck`. Parameters are numbered from `next`; `collections` is a bigint[] parameter.
 */
export function textCondition(documentColumn: string, idColumn: string, collections: string, text: TextScope | undefined, next: number): {sql: string; parameters: string[]} {
	const queries = text ? wordsQueries(text) : {};
	const parts: string[] = [];
	const parameters: string[] = [];
	const row = `(${documentColumn}, ${idColumn})`;
	const chunks = (condition: string) => `SELECT w.document_id, w.id FROM md_vector.chunks w WHERE w.collection_id = ANY(${collections}) AND ${condition}`;
	if (queries.phrases) {
		parameters.push(queries.phrases);
		parts.push(`(${row} IN (${chunks(`w.words @@ $${next}::tsquery`)}) OR ${row} IN (${chunks('w.words IS NULL')}))`);
	}

	if (queries.exclusions) {
		parameters.push(queries.exclusions);
		parts.push(`${row} NOT IN (${chunks(`w.words @@ $${next + parameters.length - 1}::tsquery`)})`);
	}

	return {sql: parts.join(' AND '), parameters};
}

/** A hit read back with the text of a chunk the index does not hold the words of (null otherwise). */
export type Recheckable = {readonly rowid: number; readonly score: number; readonly boilerplate: boolean | null; readonly unindexed: string | null};

/**
 * The rows that hold what the scope asks: those the index answered for, and those without words whose text does;
 * `dropped` counts the others (when some were, a larger limit may bring rows to take their places).
 */
export function recheck(rows: readonly Recheckable[], text: TextScope | undefined): {rows: Recheckable[]; dropped: number} {
	if (!text) {
		return {rows: [...rows], dropped: 0};
	}

	const kept = rows.filter(row => row.unindexed === null || textHolds(text, row.unindexed));
	return {rows: kept, dropped: rows.length - kept.length};
}
