import type Database from 'better-sqlite3';
import {globPattern, requiredPairs, type SearchFilter} from '../../document-filter.js';
import {decodeVector} from './vector-codec.js';

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

/** The filter as SQL over the documents row `d`, with its parameters in order. */
export function filterSql(filter: SearchFilter): {sql: string; parameters: string[]} {
	const parts: string[] = [];
	const parameters: string[] = [];
	if (filter.paths && filter.paths.length > 0) {
		parts.push(`(${filter.paths.map(() => 'd.file_name REGEXP ?').join(' OR ')})`);
		parameters.push(...filter.paths.map(glob => globPattern(glob)));
	}

	for (const pair of requiredPairs(filter)) {
		parts.push('EXISTS (SELECT 1 FROM json_each(d.meta_pairs) WHERE value = ?)');
		parameters.push(pair);
	}

	return {sql: parts.length > 0 ? parts.join(' AND ') : '1', parameters};
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
 * The vector reads of a filtered search, each one statement with the filter in its WHERE: the chunks of the
 * documents it keeps, and their vectors (its keyword reads are keyword-steps.ts's, with the filter in them). Prepared per filter shape (how many globs and fields).
 */
export class FilteredReads {
	private readonly statements = new Map<string, Database.Statement>();

	constructor(private readonly db: Database.Database) {
		// Fields only.
	}

	/** How many chunks with a vector the filter keeps. */
	vectorCount(collectionId: number, filter: SearchFilter): number {
		const {sql, parameters} = filterSql(filter);
		return (this.prepare(`SELECT count(*) AS count FROM chunks c JOIN documents d ON d.id = c.document_id
			WHERE c.collection_id = ? AND c.vector IS NOT NULL AND ${sql}`).get(collectionId, ...parameters) as {count: number}).count;
	}

	/** The rowids of those chunks. */
	vectorRowids(collectionId: number, filter: SearchFilter): Set<number> {
		const {sql, parameters} = filterSql(filter);
		return new Set((this.prepare(`SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id
			WHERE c.collection_id = ? AND c.vector IS NOT NULL AND ${sql}`).pluck().all(collectionId, ...parameters) as number[]));
	}

	/** Those chunks with their vectors (a few: exact search over them). */
	* vectors(collectionId: number, filter: SearchFilter): Generator<{rowid: number; vector: Float32Array}> {
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
