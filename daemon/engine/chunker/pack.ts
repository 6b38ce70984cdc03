import type {TokenCounter} from './token-counter.js';

/** A piece of a section's text with its place in the source (for line numbers). */
export type Piece = {
	readonly text: string;
	readonly start: number;
	readonly end: number;
	/** Tokens of text, without special tokens. */
	readonly tokens: number;
};

export function piece(text: string, start: number, end: number, count: TokenCounter): Piece {
	return {text, start, end, tokens: count(text) - 2};
}

/**
 * Greedy packing of consecutive pieces into groups of at most `limit` tokens, joined by `separator`.
 * Token counts of WordPiece are additive across whitespace, so the sum is the joined text's count.
 */
export function packPieces(pieces: readonly Piece[], limit: number, separator: string): Piece[] {
	const packed: Piece[] = [];
	let group: Piece[] = [];
	let tokens = 0;
	const flush = () => {
		if (group.length > 0) {
			packed.push({text: group.map(p => p.text).join(separator), start: group[0]!.start, end: group.at(-1)!.end, tokens});
		}

		group = [];
		tokens = 0;
	};

	for (const p of pieces) {
		if (group.length > 0 && tokens + p.tokens > limit) {
			flush();
		}

		group.push(p);
		tokens += p.tokens;
	}

	flush();
	return packed;
}

/**
 * Splits text that is over `max` tokens: by lines, then sentences, then words, then characters,
 * packing the parts back up to `max`. `offset` is where the text starts in the source.
 */
export function splitText(text: string, offset: number, max: number, count: TokenCounter, level = 0): Piece[] {
	const separators = [/\n/g, /(?<=[.!?;:])\s+/g, /\s+/g];
	if (level >= separators.length) {
		return splitChars(text, offset, max, count);
	}

	const parts = cut(text, offset, separators[level]!);
	if (parts.length <= 1) {
		return splitText(text, offset, max, count, level + 1);
	}

	const pieces = parts.flatMap(({text: part, start}) => {
		const p = piece(part, start, start + part.length, count);
		return p.tokens > max ? splitText(part, start, max, count, level + 1) : [p];
	});
	return packPieces(pieces, max, level === 0 ? '\n' : ' ');
}

function cut(text: string, offset: number, separator: RegExp): Array<{text: string; start: number}> {
	const parts: Array<{text: string; start: number}> = [];
	let last = 0;
	for (const match of text.matchAll(separator)) {
		parts.push({text: text.slice(last, match.index), start: offset + last});
		last = match.index + match[0].length;
	}

	parts.push({text: text.slice(last), start: offset + last});
	return parts.filter(part => part.text.trim() !== '');
}

/** Last resort for a run without spaces (a minified line, a long URL): halves until each part fits. */
function splitChars(text: string, offset: number, max: number, count: TokenCounter): Piece[] {
	const whole = piece(text, offset, offset + text.length, count);
	if (whole.tokens <= max || text.length <= 1) {
		return [whole];
	}

	const middle = Math.ceil(text.length / 2);
	return [
		...splitChars(text.slice(0, middle), offset, max, count),
		...splitChars(text.slice(middle), offset + middle, max, count),
	];
}
