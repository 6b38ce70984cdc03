/** A seeded generator (mulberry32): the same seed gives the same cases, so a failure can be replayed. */
export type Random = {
	/** In [0, 1). */
	readonly next: () => number;
	/** An integer in [min, max]. */
	readonly int: (min: number, max: number) => number;
	readonly pick: <T>(items: readonly T[]) => T;
	readonly chance: (probability: number) => boolean;
};

export function random(seed: number): Random {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6D_2B_79_F5) >>> 0;
		let value = state;
		value = Math.imul(value ^ (value >>> 15), value | 1);
		value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
		return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
	};

	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
	return {next, int, pick: items => items[int(0, items.length - 1)]!, chance: probability => next() < probability};
}
