// Synthetic embeddings for the index-size benchmarks: seeded, so every run indexes the same vectors.

/** A small seeded generator (mulberry32): the same synthetic data every run. */
export function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = Math.trunc(state + 0x6D_2B_79_F5) | 0; // eslint-disable-line unicorn/prefer-math-trunc -- 32-bit wrap, not truncation
		let value = Math.imul(state ^ (state >>> 15), 1 | state);
		value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
		return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
	};
}

/**
 * Unit vectors around 1,000 seeded topic centres (cosine to their centre ~0.7), the way real embeddings of
 * documentation group by topic. Uniform random vectors would not do: in 384 dimensions every pair is at
 * cosine ~0, so "nearest neighbours" mean nothing and an approximate index's recall is not measurable.
 */
export function clusteredVectors(dims: number, seed = 1): {next: () => Float32Array} {
	const next = random(seed);
	const gaussian = () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());
	const unit = (values: Float32Array) => {
		const norm = Math.hypot(...values);
		return values.map(value => value / norm);
	};

	const centres = Array.from({length: 1000}, () => unit(Float32Array.from({length: dims}, gaussian)));
	const spread = 1 / Math.sqrt(dims);
	return {
		next: () => unit(centres[Math.floor(next() * centres.length)]!.map(value => value + (gaussian() * spread))),
	};
}
