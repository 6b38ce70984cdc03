import {distance} from 'fastest-levenshtein';

/** Two words the same but for two neighbouring letters swapped ("prot", "port"): one slip of the fingers. */
function swapped(a: string, b: string): boolean {
	if (a.length !== b.length) {
		return false;
	}

	const differ = [...a].flatMap((letter, index) => (letter === b[index] ? [] : [index]));
	if (differ.length !== 2) {
		return false;
	}

	const [first, second] = differ as [number, number];
	return second === first + 1 && a[first] === b[second] && a[second] === b[first];
}

/** Edits between two words, a swap of neighbouring letters counting as one (Damerau's transposition). */
export const typingDistance = (a: string, b: string) => (swapped(a, b) ? 1 : distance(a, b));

/** The candidate nearest to a mistyped word, when it is near enough to be what was meant. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
	let best: string | undefined;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const candidate of candidates) {
		const edits = typingDistance(word, candidate);
		if (edits < bestDistance) {
			best = candidate;
			bestDistance = edits;
		}
	}

	return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/** " (did you mean X?)", or nothing. */
export function didYouMean(word: string, candidates: readonly string[]): string {
	const best = nearest(word, candidates);
	return best ? ` (did you mean ${best}?)` : '';
}
