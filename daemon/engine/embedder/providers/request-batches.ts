/**
 * Consecutive runs of texts, each at most `maxTexts` texts and `maxChars` characters (a text longer than that
 * alone): model servers refuse large requests (OpenAI: 2,048 inputs, 300,000 tokens; llama.cpp: its batch
 * size), and a smaller request retried costs less. Returns [start, end) ranges in order.
 */
export function planRequests(texts: readonly string[], maxTexts: number, maxChars: number): Array<readonly [number, number]> {
	const ranges: Array<readonly [number, number]> = [];
	let start = 0;
	let chars = 0;
	for (const [index, text] of texts.entries()) {
		if (index > start && (index - start >= maxTexts || chars + text.length > maxChars)) {
			ranges.push([start, index]);
			start = index;
			chars = 0;
		}

		chars += text.length;
	}

	if (start < texts.length) {
		ranges.push([start, texts.length]);
	}

	return ranges;
}

/** Runs `task` over the items with at most `limit` at once; results in the items' order; the first failure rejects. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
	const results = Array.from<R>({length: items.length});
	let next = 0;
	let failed = false;
	const worker = async () => {
		while (!failed && next < items.length) {
			const index = next++;
			try {
				results[index] = await task(items[index]!);
			} catch (error) {
				failed = true;
				throw error;
			}
		}
	};

	await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
	return results;
}
