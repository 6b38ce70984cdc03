export type Comparison = {readonly cosines: number[]; readonly min: number; readonly mean: number};

/** Cosine of each pair of vectors (neither needs to be normalised), with the least and the mean. */
export function compareVectors(actual: ReadonlyArray<Iterable<number> & ArrayLike<number>>, expected: readonly number[][]): Comparison {
	if (actual.length !== expected.length) {
		throw new Error(`${actual.length} vectors to compare with ${expected.length} references`);
	}

	const cosines = actual.map((vector, index) => cosine(vector, expected[index]!));
	return {cosines, min: Math.min(...cosines), mean: cosines.reduce((sum, value) => sum + value, 0) / cosines.length};
}

function cosine(a: Iterable<number> & ArrayLike<number>, b: readonly number[]): number {
	if (a.length !== b.length) {
		throw new Error(`vectors of ${a.length} and ${b.length} dimensions`);
	}

	let dot = 0;
	let normA = 0;
	let normB = 0;
	for (const [index, value] of [...a].entries()) {
		dot += value * b[index]!;
		normA += value * value;
		normB += b[index]! * b[index]!;
	}

	return dot / Math.sqrt(normA * normB);
}
