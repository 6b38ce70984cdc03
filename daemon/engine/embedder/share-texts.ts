/** Texts per call at most: a query sent to a session waits behind the texts already queued there (one run each). */
export const largestSlice = 8;

/**
 * Embeds `texts` on `sessions` sessions at once, each taking the next slice of texts as soon as it is done with
 * its last (one call under way per session, so a session never waits while another has work). Slices shrink
 * toward the end (a share of what is left), so the sessions finish together. Vectors in the order of `texts`;
 * the first failure stops the sessions taking more and is thrown.
 */
export async function shareTexts(texts: readonly string[], sessions: number, embed: (session: number, slice: string[]) => Promise<Float32Array[]>): Promise<Float32Array[]> {
	const vectors = Array.from<Float32Array>({length: texts.length});
	let next = 0;
	let failed = false;
	const work = async (session: number) => {
		while (next < texts.length && !failed) {
			const start = next;
			next += Math.max(1, Math.min(largestSlice, Math.floor((texts.length - start) / (2 * sessions))));
			try {
				const made = await embed(session, texts.slice(start, next));
				for (const [offset, vector] of made.entries()) {
					vectors[start + offset] = vector;
				}
			} catch (error) {
				failed = true;
				throw error;
			}
		}
	};

	await Promise.all(Array.from({length: Math.min(sessions, Math.max(1, texts.length))}, async (_, session) => work(session)));
	return vectors;
}
