// What an HNSW search on PostgreSQL is held to: a brute-force ranking over every vector of the collection a
// connection sees, computed here, not by the database.
import type pg from 'pg';
import type {Candidate} from '../../../daemon/engine/storage/types.js';

export type Comparison = {
	/** Share of the exact k best found, over every probe. */
	readonly recall: number;
	/** Rows above the watermark among the exact k best that a search left out (the tail is searched exactly: none). */
	readonly missedTail: readonly number[];
	/** Hits whose score is not the row's inner product with the probe. */
	readonly wrongScores: readonly number[];
};

/** Every vector of the collection `db` sees, by chunk id. */
export async function visibleVectors(db: Pick<pg.ClientBase, 'query'>, collectionId: number): Promise<Map<number, number[]>> {
	const {rows} = await db.query<{id: string; vector: string}>('SELECT id, embedding::text AS vector FROM md_vector.chunks WHERE collection_id = $1 AND embedding IS NOT NULL', [collectionId]);
	return new Map(rows.map(row => [Number(row.id), JSON.parse(row.vector) as number[]]));
}

function dot(vector: readonly number[], probe: Float32Array): number {
	return vector.reduce((sum, value, at) => sum + (value * probe[at]!), 0);
}

/** The k best rows by inner product, ties by id (the search's order). */
export function exactTopK(vectors: ReadonlyMap<number, number[]>, probe: Float32Array, k: number): Candidate[] {
	return [...vectors].map(([rowid, vector]) => ({rowid, score: dot(vector, probe)}))
		.sort((a, b) => (b.score - a.score) || (a.rowid - b.rowid)).slice(0, k);
}

/** Runs `search` for each probe and compares its k hits with the exact ranking over the rows `db` sees. */
export async function compareWithExact(db: Pick<pg.ClientBase, 'query'>, collectionId: number, search: (probe: Float32Array) => Promise<readonly Candidate[]>, probes: readonly Float32Array[], k: number, watermark: number): Promise<Comparison> {
	const vectors = await visibleVectors(db, collectionId);
	let found = 0;
	const missedTail: number[] = [];
	const wrongScores: number[] = [];
	for (const probe of probes) {
		const hits = await search(probe);
		const exact = exactTopK(vectors, probe, k);
		const ids = new Set(hits.map(hit => hit.rowid));
		found += exact.filter(row => ids.has(row.rowid)).length;
		missedTail.push(...exact.filter(row => row.rowid > watermark && !ids.has(row.rowid)).map(row => row.rowid));
		wrongScores.push(...hits.filter(hit => !vectors.has(hit.rowid) || Math.abs(dot(vectors.get(hit.rowid)!, probe) - hit.score) > 1e-5).map(hit => hit.rowid));
	}

	return {recall: found / (k * probes.length), missedTail, wrongScores};
}
