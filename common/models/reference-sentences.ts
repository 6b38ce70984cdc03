// The sentences of every model's reference check (catalogue-types.ts ReferenceCheck): a question and the line
// that answers it in other words, a paraphrase pair, and an unrelated line. Changing them means recording every
// model's cosines again (tools/model-reference.ts).
export const referenceSentences: readonly string[] = [
	'How do I stop the background service?',
	'Running md-vector stop ends the daemon once its jobs finish.',
	'Compost heaps should be turned every week to keep them aerobic.',
	'The cat slept on the warm windowsill all afternoon.',
	'A kitten dozed in the sunny window for hours.',
];

/**
 * Orderings any real sentence model keeps, checked besides the recorded cosines: [a, nearer, farther] means a is
 * closer to nearer than to farther (the answer before the compost, the paraphrase before the compost).
 */
export const referenceOrderings: ReadonlyArray<readonly [number, number, number]> = [[0, 1, 2], [3, 4, 2]];

/** Index into a ReferenceCheck's cosines of the pair (i, j), i < j. */
export function pairIndex(i: number, j: number, count = referenceSentences.length): number {
	return (i * ((2 * count) - i - 1) / 2) + (j - i - 1);
}
