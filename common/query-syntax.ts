// The search query's syntax, parsed once for every front door (the daemon's engine, the API's validation, the
// CLI's check before it sends): "an exact phrase", -word and -"a phrase"; everything else is words as before.
// No zod and no daemon imports: the one-shot CLI loads this file.

export type ParsedQuery = {
	/** What is searched for, without operators: the words and the phrases' words (the query itself when it has no operators). */
	readonly text: string;
	/** "quoted phrases": every hit holds each one's words in this order. */
	readonly phrases: readonly string[];
	/** The words outside quotes (what highlighting marks one by one). */
	readonly loose: readonly string[];
	/** -word and -"a phrase": no hit holds any of them. */
	readonly exclusions: readonly string[];
};

/**
 * Splits a query into what it searches for, its phrases and its exclusions. A `-` starts an exclusion only at
 * the start of a word and before a letter or a quote (state-of-the-art stays one word, -2 a number); a quote opens a phrase anywhere and an unclosed one
 * runs to the end of the query.
 */
export function parseQuery(query: string): ParsedQuery {
	const words: string[] = [];
	const phrases: string[] = [];
	const loose: string[] = [];
	const exclusions: string[] = [];
	let at = 0;
	while (at < query.length) {
		if (/\s/u.test(query[at]!)) {
			at++;
			continue;
		}

		// -2 is a number (E2f-1, -2, -3; a temperature of -5), not an exclusion.
		const negated = query[at] === '-' && at + 1 < query.length && !/[\s\d]/u.test(query[at + 1]!);
		if (negated) {
			at++;
		}

		let piece: string;
		const quoted = query[at] === '"';
		if (quoted) {
			const close = query.indexOf('"', at + 1);
			const end = close === -1 ? query.length : close;
			piece = query.slice(at + 1, end);
			at = end + 1;
		} else {
			const end = query.slice(at).search(/[\s"]/u);
			piece = end === -1 ? query.slice(at) : query.slice(at, at + end);
			at += piece.length;
		}

		if (negated) {
			exclusions.push(piece);
		} else {
			words.push(piece);
			if (!quoted) {
				loose.push(piece);
			} else if (piece.trim() !== '') {
				phrases.push(piece.trim());
			}
		}
	}

	const plain = phrases.length === 0 && exclusions.length === 0 && !query.includes('"');
	return {text: plain ? query : words.join(' ').trim(), phrases, loose, exclusions: exclusions.filter(exclusion => exclusion.trim() !== '')};
}

/** Whether the query has phrases or exclusions (then candidates are checked against them). */
export function hasOperators(parsed: ParsedQuery): boolean {
	return parsed.phrases.length > 0 || parsed.exclusions.length > 0;
}

/** Why a query cannot be searched (only exclusions, or empty quotes), for a 400 or exit 2; undefined when it can. */
export function queryProblem(query: string): string | undefined {
	const parsed = parseQuery(query);
	if (parsed.text.trim() !== '') {
		return undefined;
	}

	return parsed.exclusions.length > 0
		? 'holds only exclusions (-word, -"a phrase"): add a word or "a phrase" to search for'
		: 'holds nothing to search for: add a word or "a phrase"';
}
