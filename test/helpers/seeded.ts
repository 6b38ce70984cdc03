/** A seeded generator (LCG) in [0, 1): the same test data every run. */
export function seeded(seed: number): () => number {
	let state = seed;
	return () => {
		state = ((state * 1_103_515_245) + 12_345) % 2_147_483_648;
		return state / 2_147_483_648;
	};
}
