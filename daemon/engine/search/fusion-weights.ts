import {modelFamily, type ModelFamily} from '../embedder/model-family.js';

/** What convex fusion needs to know of the model whose similarities it fuses with BM25 (fusion.ts). */
export type FusionWeights = {
	/** The semantic list's weight when both halves are as sure of their first hit (keyword: 1 minus it). */
	readonly semantic: number;
	/** How far the weight moves toward the surer half per standard deviation of confidence between them. */
	readonly trustStep: number;
	/** The lowest and highest semantic weight a query can get. */
	readonly range: readonly [number, number];
	/** A hit both halves found gets its score times 1 + this (0: plain convex fusion; fusion.ts bothFound). */
	readonly both: number;
};

/**
 * Per model family, swept on half of SciFact train and checked on the other half (`npm run eval -- --sweep`,
 * bench/RESULTS.md "Defaults per model family"): a better model earns more weight; e5-small-v2, whose semantic half
 * is no stronger than BM25 there, keeps the middle weight and trusts the surer half more.
 */
const byFamily: Readonly<Record<ModelFamily, FusionWeights>> = {
	minilm: {semantic: 0.45, trustStep: 0.1, range: [0.2, 0.8], both: 0.5},
	bge: {semantic: 0.65, trustStep: 0.1, range: [0.2, 0.8], both: 0.5},
	e5: {semantic: 0.5, trustStep: 0.15, range: [0.2, 0.8], both: 0.25},
	other: {semantic: 0.5, trustStep: 0.1, range: [0.2, 0.8], both: 0},
};

/** The weights for the vectors of `modelId` (a model reference); an unknown or absent model gets the middle ground. */
export function fusionWeights(modelId: string | undefined): FusionWeights {
	return byFamily[modelId ? modelFamily(modelId) : 'other'];
}

/**
 * The weights for a search over collections whose vectors come from `modelIds` (each collection has its own
 * model): their family's when they share one, else the middle ground.
 */
export function fusionWeightsOf(modelIds: Iterable<string>): FusionWeights {
	const families = new Set([...modelIds].map(id => modelFamily(id)));
	return byFamily[families.size === 1 ? [...families][0]! : 'other'];
}
