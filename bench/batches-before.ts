// How md-vector batched texts before each text got a model run of its own (issue 35): kept for the bare model's
// speed, which is the fastest a single session ran: similar lengths together, little padding.

/** Texts per model run before: at most 32 texts and about 1,000 characters once padded to the longest. */
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
