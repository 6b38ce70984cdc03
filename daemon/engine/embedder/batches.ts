/**
 * Runs `embed` over texts in batches of similar length (less padding, so less wasted compute) and returns
 * the vectors in the original order.
 */
export async function embedInBatches(
	texts: readonly string[],
	batchSize: number,
	embed: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
	const order = texts.map((text, index) => ({index, length: text.length})).sort((a, b) => a.length - b.length);
	const vectors = new Array<Float32Array>(texts.length);
	for (let start = 0; start < order.length; start += batchSize) {
		const slice = order.slice(start, start + batchSize);
		const batchVectors = await embed(slice.map(({index}) => texts[index]!));
		for (const [position, {index}] of slice.entries()) {
			vectors[index] = batchVectors[position]!;
		}
	}

	return vectors;
}
