/**
 * What a usable vector is. md-vector's models normalise what they make (transformers.js `normalize: true`), and
 * semantic scores are inner products read as cosine similarity: a vector of another length ranks by its size, not
 * its direction (a norm of 1e38 gave scores of -3e31), a zero vector matches nothing, and a non-finite value
 * breaks FAISS. So a vector must have the collection's dimensions, finite values and a norm of 1 within
 * `normTolerance` (float32 rounding of a normalised vector stays within 1e-5 of it).
 */
export const normTolerance = 0.01;

/** The rule in words, for messages. */
export const vectorRule = `vectors must have finite values and unit length (norm 1 ± ${normTolerance})`;

/** Why `vector` cannot be used in a collection of `dims` dimensions, or undefined when it can. */
export function vectorProblem(vector: Float32Array, dims: number): string | undefined {
	if (vector.length !== dims) {
		return `it has ${vector.length} dimensions, not ${dims}`;
	}

	let sum = 0;
	let index = 0;
	for (const value of vector) {
		if (!Number.isFinite(value)) {
			return `value ${index} is ${value}`;
		}

		sum += value * value;
		index++;
	}

	if (sum === 0) {
		return 'it is all zeros';
	}

	const norm = Math.sqrt(sum);
	return Math.abs(norm - 1) > normTolerance ? `its norm is ${norm.toPrecision(3)}` : undefined;
}
