import {closest, distance} from 'fastest-levenshtein';

/** The candidate nearest to a mistyped word, when it is near enough to be what was meant. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
	if (candidates.length === 0) {
		return undefined;
	}

	const best = closest(word, [...candidates]);
	return distance(word, best) <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/** " (did you mean X?)", or nothing. */
export function didYouMean(word: string, candidates: readonly string[]): string {
	const best = nearest(word, candidates);
	return best ? ` (did you mean ${best}?)` : '';
}

export {oneOf} from '../../common/one-of.js';
