import type Database from 'better-sqlite3';
import {requiredPairs, type SearchFilter, type TextScope} from '../../document-filter.js';
import {decodeVector} from '../../vector-codec.js';
import {wordsCondition, wordsQueries} from './words-index.js';

/**
 * A search filter as the store's statements take it: the names its path globs keep (matched beforehand, in
 * slices, by kept-names.ts: a statement runs on the main thread and cannot yield) under a key, its front matter,
 * and the phrases and exclusions a chunk's text must hold (answered from the words index, words-index.ts).
 */
export type StoreFilter = {readonly names?: string; readonly meta?: SearchFilter['meta']; readonly text?: TextScope};

/** Whether the filter keeps documents by name or front matter (the statements then join `documents d`). */
export function keepsDocuments(filter: StoreFilter | undefined): boolean {
	return filter !== undefined && (filter.names !== undefined || Object.keys(filter.meta ?? {}).length > 0);
}

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
 * The vector reads of a filtered search, each one statement with the filter in its WHERE: the chunks it keeps
 * (documents by path and front matter, chunks by the words their text holds), and their vectors (its keyword reads
 * are keyword-steps.ts's, with the filter in them). Prepared per filter shape (kept names or not, how many fields).
 */
export class FilteredReads {
	private readonly statements = new Map<string, Database.Statement>();

	constructor(private readonly db: Database.Database) {
		// Fields only.
	}

	/** How many chunks with a vector the filter keeps. */
	vectorCount(collectionId: number, filter: StoreFilter): number {
		const {sql, parameters} = this.kept(filter);
		return (this.prepare(`SELECT count(*) AS count FROM chunks c ${sql}`).get({collection: collectionId, ...parameters}) as {count: number}).count;
	}

	/** The rowids of those chunks. */
	vectorRowids(collectionId: number, filter: StoreFilter): Set<number> {
		const {sql, parameters} = this.kept(filter);
		return new Set((this.prepare(`SELECT c.id FROM chunks c ${sql}`).pluck().all({collection: collectionId, ...parameters}) as number[]));
	}

	/** Those chunks with their vectors (a few: exact search over them). */
	* vectors(collectionId: number, filter: StoreFilter): Generator<{rowid: number; vector: Float32Array}> {
		const {sql, parameters} = this.kept(filter);
		for (const row of this.prepare(`SELECT c.id, c.vector FROM chunks c ${sql}`).iterate({collection: collectionId, ...parameters}) as Iterable<{id: number; vector: Buffer}>) {
			yield {rowid: row.id, vector: decodeVector(row.vector)};
		}
	}

	/** The collection's chunks holding any of the scope's exclusions (their rowids), through the words index. */
	excluded(collectionId: number, text: TextScope): Set<number> {
		const {exclusions} = wordsQueries(text);
		if (!exclusions) {
			return new Set();
		}

		return new Set(this.prepare(`SELECT w.rowid FROM chunks_words w JOIN chunk_keys k ON k.id = w.rowid
			WHERE chunks_words MATCH @exclusions AND k.collection_id = @collection`).pluck().all({collection: collectionId, exclusions}) as number[]);
	}

	/** FROM-clause tail and WHERE of the chunks (`c`) with a vector the filter keeps, with named parameters besides @collection. */
	private kept(filter: StoreFilter): {sql: string; parameters: Record<string, string>} {
		const documents = keepsDocuments(filter) ? namedFilterSql(filter) : undefined;
		const words = wordsCondition('c.id', filter.text);
		const conditions = ['c.collection_id = @collection', 'c.vector IS NOT NULL', documents?.sql, words.sql || undefined].filter(Boolean).join(' AND ');
		// Phrases first: their rows (few, from the words index) are read by rowid instead of the collection's every row.
		const start = words.parameters.phrases ? 'JOIN (SELECT rowid FROM chunks_words WHERE chunks_words MATCH @phrases) p ON p.rowid = c.id ' : '';
		return {sql: `${start}${documents ? 'JOIN documents d ON d.id = c.document_id ' : ''}WHERE ${conditions}`, parameters: {...documents?.parameters, ...words.parameters}};
	}

	private prepare(sql: string): Database.Statement {
		let statement = this.statements.get(sql);
		if (!statement) {
			statement = this.db.prepare(sql);
			if (this.statements.size > 500) {
				this.statements.clear();
			}

			this.statements.set(sql, statement);
		}

		return statement;
	}
}
