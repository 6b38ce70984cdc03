// The search choices, limits and defaults without zod (loading it costs ~90 ms): the one-shot CLI reads
// them from here; common/search-contract.ts re-exports them beside the schemas.
export const searchModes = ['hybrid', 'semantic', 'keyword'] as const;
export type SearchMode = typeof searchModes[number];

export const fusions = ['rrf', 'convex'] as const;
export type Fusion = typeof fusions[number];

/** The collection used when a request names none. */
export const defaultCollection = 'default';

export const searchLimits = {queryMax: 2000, topKMin: 1, topKMax: 100, collectionMax: 128, collectionsMax: 32} as const;

/**
 * Hybrid with convex fusion: on SciFact train with a real model (all-MiniLM-L6-v2, q8) nDCG@10 is keyword 0.702,
 * semantic 0.666, hybrid RRF 0.719, hybrid convex 0.738 (bench/RESULTS.md, issue 28).
 */
export const searchDefaults = {topK: 10, mode: 'hybrid', collection: defaultCollection, collapse: false, fusion: 'convex'} as const satisfies {
	topK: number; mode: SearchMode; collection: string; collapse: boolean; fusion: Fusion;
};

