/**
 * BM25 as both backends compute it: score = Σ idf(t) · f·(k1 + 1) / (f + k1·(1 − b + b·D / avgdl)), where f is the
 * term's count in the chunk weighted per field, D the chunk's length in keyword tokens over all fields and avgdl
 * its average over the store. k1 and b are FTS5's (its bm25() fixes them).
 */
export const bm25 = {k1: 1.2, b: 0.75} as const;

/**
 * Lucene's idf, ln(1 + (N − n + 0.5) / (n + 0.5)) for a term in n of N chunks: positive however common the term,
 * so a small collection, where most terms are in most chunks, still gets scores that tell its chunks apart (FTS5's
 * own idf, ln((N − n + 0.5) / (n + 0.5)), is negative there and floored at 1e-6: every score printed 0.0000).
 */
export function keywordIdf(rows: number, frequency: number): number {
	return Math.log(1 + ((rows - frequency + 0.5) / (frequency + 0.5)));
}

/** No chunk gains more than this times a term's idf from it (f → ∞). */
export const termBound = bm25.k1 + 1;
