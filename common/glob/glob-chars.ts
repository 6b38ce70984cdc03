// Pieces of glob syntax shared by the path dialects (a source's include/exclude, ignore files): `[...]`
// classes, `\` escapes, and `**` as a whole folder name.
import type {GlobToken} from './glob-automaton.js';

/**
 * The class starting at `open` (a '['): `[abc]`, `[a-z]`, `[!a]` or `[^a]` (not), `]` first is itself, `\`
 * escapes. Undefined when it is never closed (the '[' is then itself).
 */
export function classAt(glob: string, open: number): {token: GlobToken; end: number} | undefined {
	let index = open + 1;
	const negated = glob[index] === '!' || glob[index] === '^';
	if (negated) {
		index++;
	}

	const chars: number[] = [];
	const ranges: Array<[number, number]> = [];
	for (let first = true; index < glob.length; first = false) {
		let char = glob.codePointAt(index)!;
		if (char === 0x5D && !first) {
			for (const one of chars) {
				ranges.push([one, one]);
			}

			return {token: {kind: 'class', ranges, negated}, end: index};
		}

		if (char === 0x5C && index + 1 < glob.length) {
			index++;
			char = glob.codePointAt(index)!;
		}

		index += char > 0xFF_FF ? 2 : 1;
		if (glob[index] === '-' && index + 1 < glob.length && glob[index + 1] !== ']') {
			let high = glob.codePointAt(index + 1)!;
			let skip = 1;
			if (high === 0x5C && index + 2 < glob.length) {
				high = glob.codePointAt(index + 2)!;
				skip = 2;
			}

			ranges.push([Math.min(char, high), Math.max(char, high)]);
			index += skip + (high > 0xFF_FF ? 2 : 1);
		} else {
			chars.push(char);
		}
	}

	return undefined;
}

/** Whether the `**` at `index` is a whole folder name (nothing but '/' or either end around it). */
export function isWholeGlobstar(glob: string, index: number): boolean {
	return glob.startsWith('**', index) && (index === 0 || glob[index - 1] === '/') && (index + 2 === glob.length || glob[index + 2] === '/');
}

/** The tokens of one folder-name-level stretch: `*` (runs of them are one), `?`, classes, escapes, literals. */
export function pushSimple(glob: string, index: number, tokens: GlobToken[]): number {
	const char = glob.codePointAt(index)!;
	if (char === 0x2A) {
		if (tokens.at(-1)?.kind !== 'star') {
			tokens.push({kind: 'star'});
		}

		return index + 1;
	}

	if (char === 0x3F) {
		tokens.push({kind: 'one'});
		return index + 1;
	}

	if (char === 0x5B) {
		const found = classAt(glob, index);
		if (found) {
			tokens.push(found.token);
			return found.end + 1;
		}
	}

	if (char === 0x5C && index + 1 < glob.length) {
		const escaped = glob.codePointAt(index + 1)!;
		tokens.push({kind: 'literal', char: escaped});
		return index + 1 + (escaped > 0xFF_FF ? 2 : 1);
	}

	tokens.push({kind: 'literal', char});
	return index + (char > 0xFF_FF ? 2 : 1);
}

export const isWildcard = (token: GlobToken) => token.kind !== 'literal';
