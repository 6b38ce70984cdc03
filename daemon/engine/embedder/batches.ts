/**
 * Texts per model run. Measured on 2 cores with bge-small's shape (q8): batches of 32 padded to their longest
 * text ran at 46 chunks/s and grew ONNX Runtime's memory arena to 1.6 GB; batches capped at about 1,000
 * characters of padded text (so many short texts together, long ones alone) ran at 67-83 chunks/s in 400 MB.
 */
export const batchChars = 1000;

/**
 * Splits texts into batches of similar length (sorted, so little padding), each at most `maxBatch` texts and
 * about `budgetChars` characters once padded to its longest text. Returns indexes into `texts`.
 */
export function planBatches(texts: readonly string[], maxBatch: number, budgetChars = batchChars): number[][] {
	const order = texts.map((text, index) => ({index, length: text.length})).sort((a, b) => a.length - b.length);
	const batches: number[][] = [];
	for (let start = 0; start < order.length;) {
		let size = 1;
		while (size < maxBatch && start + size < order.length && (size + 1) * order[start + size]!.length <= budgetChars) {
			size++;
		}

		batches.push(order.slice(start, start + size).map(({index}) => index));
		start += size;
	}

	return batches;
}

/** Runs `embed` over the planned batches and returns the vectors in the original order; an aborted `signal` stops it between batches. */
export async function embedInBatches(
	texts: readonly string[],
	maxBatch: number,
	embed: (batch: string[]) => Promise<Float32Array[]>,
	signal?: AbortSignal,
): Promise<Float32Array[]> {
	const vectors = Array.from<Float32Array>({length: texts.length});
	for (const batch of planBatches(texts, maxBatch)) {
		signal?.throwIfAborted();
		const batchVectors = await embed(batch.map(index => texts[index]!));
		for (const [position, index] of batch.entries()) {
			vectors[index] = batchVectors[position]!;
		}
	}

	return vectors;
}
