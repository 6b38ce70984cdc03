import type Database from 'better-sqlite3';
import {globPattern, hasDocumentFilter, requiredPairs, type ChunkFilter, type SearchFilter, type TextScope} from '../../document-filter.js';
import {decodeVector} from './vector-codec.js';
import {wordsCondition, wordsQueries} from './words-index.js';

/** Compiled path patterns, by source: a search's globs are matched against every candidate row. */
const patterns = new Map<string, RegExp>();

/** SQLite's REGEXP (it has none of its own), with JavaScript's engine: `name REGEXP pattern`. */
export function registerRegexp(db: Database.Database): void {
	db.function('regexp', {deterministic: true}, (pattern: unknown, value: unknown) => {
		let compiled = patterns.get(String(pattern));
		if (!compiled) {
			compiled = new RegExp(String(pattern), 'u');
			if (patterns.size > 1000) {
				patterns.clear();
			}

			patterns.set(String(pattern), compiled);
		}

		return typeof value === 'string' && compiled.test(value) ? 1 : 0;
	});
}

/** The filter as SQL over `d` with named parameters (@path0..., @pair0...), for statements that name theirs. */
export function namedFilterSql(filter: SearchFilter): {sql: string; parameters: Record<string, string>} {
	const parts: string[] = [];
	const parameters: Record<string, string> = {};
	const paths = filter.paths ?? [];
	if (paths.length > 0) {
		parts.push(`(${paths.map((_, index) => `d.file_name REGEXP @path${index}`).join(' OR ')})`);
		for (const [index, glob] of paths.entries()) {
			parameters[`path${index}`] = globPattern(glob);
		}
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
 * are keyword-steps.ts's, with the filter in them). Prepared per filter shape (how many globs and fields).
 */
export class FilteredReads {
	private readonly statements = new Map<string, Database.Statement>();

	constructor(private readonly db: Database.Database) {
		// Fields only.
	}

	/** How many chunks with a vector the filter keeps. */
	vectorCount(collectionId: number, filter: ChunkFilter): number {
		const {sql, parameters} = this.kept(filter);
		return (this.prepare(`SELECT count(*) AS count FROM chunks c ${sql}`).get({collection: collectionId, ...parameters}) as {count: number}).count;
	}

	/** The rowids of those chunks. */
	vectorRowids(collectionId: number, filter: ChunkFilter): Set<number> {
		const {sql, parameters} = this.kept(filter);
		return new Set((this.prepare(`SELECT c.id FROM chunks c ${sql}`).pluck().all({collection: collectionId, ...parameters}) as number[]));
	}

	/** Those chunks with their vectors (a few: exact search over them). */
	* vectors(collectionId: number, filter: ChunkFilter): Generator<{rowid: number; vector: Float32Array}> {
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
	private kept(filter: ChunkFilter): {sql: string; parameters: Record<string, string>} {
		const documents = hasDocumentFilter(filter) ? namedFilterSql(filter) : undefined;
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
