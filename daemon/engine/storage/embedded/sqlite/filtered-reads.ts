import type Database from 'better-sqlite3';
import {requiredPairs, type SearchFilter} from '../../document-filter.js';
import {decodeVector} from './vector-codec.js';

/**
 * A search filter as the store's statements take it: the names its path globs keep (matched beforehand, in
 * slices, by kept-names.ts: a statement runs on the main thread and cannot yield) under a key, and its front
 * matter.
 */
export type StoreFilter = {readonly names?: string; readonly meta?: SearchFilter['meta']};

/** Names kept by a search's path globs, by key, while its statements run. */
const keptNames = new Map<string, ReadonlySet<string>>();
let nextKey = 0;

/** Runs `work` with `names` under a key of their own (the filter's `names`). */
export async function withKeptNames<T>(names: ReadonlySet<string>, work: (key: string) => Promise<T>): Promise<T> {
	const key = String(nextKey++);
	keptNames.set(key, names);
	try {
		return await work(key);
	} finally {
		keptNames.delete(key);
	}
}

/** `kept_name(key, name)`: whether the names under `key` hold `name`. */
export function registerKeptNames(db: Database.Database): void {
	db.function('kept_name', {deterministic: true}, (key: unknown, value: unknown) => (typeof value === 'string' && keptNames.get(String(key))?.has(value) ? 1 : 0));
}

/** The filter as SQL over the documents row `d`, with its parameters in order. */
export function filterSql(filter: StoreFilter): {sql: string; parameters: string[]} {
	const parts: string[] = [];
	const parameters: string[] = [];
	if (filter.names !== undefined) {
		parts.push('kept_name(?, d.file_name)');
		parameters.push(filter.names);
	}

	for (const pair of requiredPairs(filter)) {
		parts.push('EXISTS (SELECT 1 FROM json_each(d.meta_pairs) WHERE value = ?)');
		parameters.push(pair);
	}

	return {sql: parts.length > 0 ? parts.join(' AND ') : '1', parameters};
}

/** The filter as SQL over `d` with named parameters (@names, @pair0...), for statements that name theirs. */
export function namedFilterSql(filter: StoreFilter): {sql: string; parameters: Record<string, string>} {
	const parts: string[] = [];
	const parameters: Record<string, string> = {};
	if (filter.names !== undefined) {
		parts.push('kept_name(@names, d.file_name)');
		parameters.names = filter.names;
	}

	for (const [index, pair] of requiredPairs(filter).entries()) {
		parts.push(`EXISTS (SELECT 1 FROM json_each(d.meta_pairs) WHERE value = @pair${index})`);
		parameters[`pair${index}`] = pair;
	}

	return {sql: parts.length > 0 ? parts.join(' AND ') : '1', parameters};
}

/**
 * The vector reads of a filtered search, each one statement with the filter in its WHERE: the chunks of the
 * documents it keeps, and their vectors (its keyword reads are keyword-steps.ts's, with the filter in them). Prepared per filter shape (how many globs and fields).
 */
export class FilteredReads {
	private readonly statements = new Map<string, Database.Statement>();

	constructor(private readonly db: Database.Database) {
		// Fields only.
	}

	/** How many chunks with a vector the filter keeps. */
	vectorCount(collectionId: number, filter: StoreFilter): number {
		const {sql, parameters} = filterSql(filter);
		return (this.prepare(`SELECT count(*) AS count FROM chunks c JOIN documents d ON d.id = c.document_id
			WHERE c.collection_id = ? AND c.vector IS NOT NULL AND ${sql}`).get(collectionId, ...parameters) as {count: number}).count;
	}

	/** The rowids of those chunks. */
	vectorRowids(collectionId: number, filter: StoreFilter): Set<number> {
		const {sql, parameters} = filterSql(filter);
		return new Set((this.prepare(`SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id
			WHERE c.collection_id = ? AND c.vector IS NOT NULL AND ${sql}`).pluck().all(collectionId, ...parameters) as number[]));
	}

	/** Those chunks with their vectors (a few: exact search over them). */
	* vectors(collectionId: number, filter: StoreFilter): Generator<{rowid: number; vector: Float32Array}> {
		const {sql, parameters} = filterSql(filter);
		const statement = this.prepare(`SELECT c.id, c.vector FROM chunks c JOIN documents d ON d.id = c.document_id
			WHERE c.collection_id = ? AND c.vector IS NOT NULL AND ${sql}`);
		for (const row of statement.iterate(collectionId, ...parameters) as Iterable<{id: number; vector: Buffer}>) {
			yield {rowid: row.id, vector: decodeVector(row.vector)};
		}
	}

	private prepare(sql: string): Database.Statement {
		let statement = this.statements.get(sql);
		if (!statement) {
			statement = this.db.prepare(sql);
			this.statements.set(sql, statement);
		}

		return statement;
	}
}
