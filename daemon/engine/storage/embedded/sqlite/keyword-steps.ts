import type Database from 'better-sqlite3';
import type {FieldWeights, Ranked} from '../../types.js';
import {namedFilterSql, type StoreFilter} from './filtered-reads.js';
import {phrase, type WeightedTerm} from './keyword-top-k.js';

/**
 * The SQL of topKeyword's steps: exact BM25 with md-vector's idf of a collection's rows holding an essential
 * term, best `limit` first. FTS5's bm25() weighs each term by its own idf, so one bm25() per term and row
 * gives that term's share, which `weight` (md-vector's idf over FTS5's) turns into md-vector's: an essential
 * term's share comes from its own cursor; a rest term's from `"rest" AND (E)` (only the rows that can rank),
 * whose bm25() also counts the essential terms, so their FTS5 shares are taken off again. The arms come in rowid
 * order from FTS5 and are merged, not sorted, so the sum per row streams. A search filter joins the documents and
 * keeps their rows only, in the same statement (the bounds hold for any subset of rows).
 */
export class KeywordSteps {
	private readonly statements = new Map<string, Database.Statement>();

	constructor(private readonly db: Database.Database) {
		// Fields only.
	}

	best(collectionId: number, essential: readonly WeightedTerm[], rest: readonly WeightedTerm[], limit: number, weights: FieldWeights, filter?: StoreFilter): Ranked[] {
		const kept = filter ? namedFilterSql(filter) : undefined;
		const parameters: Record<string, number | string> = {w0: weights[0], w1: weights[1], w2: weights[2], collection: collectionId, limit, ...kept?.parameters};
		for (const [index, term] of essential.entries()) {
			parameters[`match${index}`] = phrase(term.term);
			parameters[`weight${index}`] = term.weight;
		}

		const anyEssential = essential.map(term => phrase(term.term)).join(' OR ');
		for (const [index, term] of rest.entries()) {
			parameters[`restMatch${index}`] = `${phrase(term.term)} AND (${anyEssential})`;
			parameters[`restWeight${index}`] = term.weight;
		}

		return this.statement(essential.length, rest.length, kept?.sql).all(parameters) as Ranked[];
	}

	private statement(essential: number, rest: number, filterSql?: string): Database.Statement {
		const key = `${essential}/${rest}/${filterSql ?? ''}`;
		let statement = this.statements.get(key);
		if (!statement) {
			statement = this.db.prepare(essential === 1 && rest === 0 ? oneTerm(filterSql) : stepSql(essential, rest, filterSql));
			this.statements.set(key, statement);
		}

		return statement;
	}
}

const share = '-bm25(chunks_fts, @w0, @w1, @w2)';
/**
 * The narrow index answers the collection check (the planner would read the wide chunk rows); a filter reads the
 * documents row (`d`) of each chunk.
 */
const ofCollection = (filterSql?: string) => (filterSql
	? `JOIN chunks c ON c.id = g.rowid JOIN documents d ON d.id = c.document_id WHERE c.collection_id = @collection AND ${filterSql}`
	: 'JOIN chunks c INDEXED BY chunks_collection_of_row ON c.id = g.rowid WHERE c.collection_id = @collection');

const oneTerm = (filterSql?: string) => `SELECT g.rowid AS rowid, ${share} * @weight0 AS score FROM chunks_fts g ${ofCollection(filterSql)} AND chunks_fts MATCH @match0
	ORDER BY bm25(chunks_fts, @w0, @w1, @w2), g.rowid LIMIT @limit`;

/**
 * score = Σ essential shares × weight + Σ rest arms × weight − (Σ essential FTS5 shares) × (Σ weights of the rest
 * arms the row is in): each rest arm's bm25() holds the row's essential FTS5 shares once.
 */
function stepSql(essential: number, rest: number, filterSql?: string): string {
	const arms = [
		...Array.from({length: essential}, (_, index) => `SELECT f.rowid AS rowid, ${share} AS share, @weight${index} AS weight, 1 AS essential FROM chunks_fts f WHERE chunks_fts MATCH @match${index}`),
		...Array.from({length: rest}, (_, index) => `SELECT f.rowid AS rowid, ${share} AS share, @restWeight${index} AS weight, 0 AS essential FROM chunks_fts f WHERE chunks_fts MATCH @restMatch${index}`),
	].join('\n\t\tUNION ALL ');
	return `SELECT g.rowid AS rowid, g.score AS score FROM (
		SELECT u.rowid AS rowid, sum(u.share * u.weight) - (sum(CASE WHEN u.essential THEN u.share ELSE 0 END) * sum(CASE WHEN u.essential THEN 0 ELSE u.weight END)) AS score
		FROM (${arms} ORDER BY 1) u GROUP BY u.rowid
	) g ${ofCollection(filterSql)} ORDER BY g.score DESC, g.rowid LIMIT @limit`;
}
