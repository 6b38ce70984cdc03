// `{a,b}` alternatives of a path glob (nested, `{1..3}` and `{a..c}` ranges), counted before they are built:
// a glob that stands for more than globLimits.alternatives globs is refused without building them.
import {checkAlternatives, globLimits, GlobError} from './glob-limits.js';

type Node = string | {readonly either: readonly Sequence[]};
type Sequence = readonly Node[];

/** The index of the '}' closing the '{' at `open`, skipping escapes and nested braces; -1 when none. */
function closing(glob: string, open: number): number {
	let depth = 0;
	for (let index = open; index < glob.length; index++) {
		const char = glob[index];
		if (char === '\\') {
			index++;
		} else if (char === '{') {
			depth++;
		} else if (char === '}' && --depth === 0) {
			return index;
		}
	}

	return -1;
}

/** Splits a brace's inside at its own commas (not nested ones, not escaped ones). */
function topLevelParts(inside: string): string[] {
	const parts: string[] = [];
	let depth = 0;
	let start = 0;
	for (let index = 0; index < inside.length; index++) {
		const char = inside[index];
		if (char === '\\') {
			index++;
		} else if (char === ',' && depth === 0) {
			parts.push(inside.slice(start, index));
			start = index + 1;
		} else {
			depth += char === '{' ? 1 : (char === '}' ? -1 : 0);
		}
	}

	parts.push(inside.slice(start));
	return parts;
}

function range(inside: string): string[] | undefined {
	const numbers = /^(-?\d{1,6})\.\.(-?\d{1,6})$/.exec(inside);
	const letters = /^([A-Za-z])\.\.([A-Za-z])$/.exec(inside);
	if (!numbers && !letters) {
		return undefined;
	}

	const [from, to] = numbers ? [Number(numbers[1]), Number(numbers[2])] : [letters![1]!.codePointAt(0)!, letters![2]!.codePointAt(0)!];
	if (Math.abs(to - from) >= globLimits.alternatives) {
		return Array.from({length: globLimits.alternatives + 1}, () => ''); // counted, then refused
	}

	const step = from <= to ? 1 : -1;
	const values: string[] = [];
	for (let value = from; value !== to + step; value += step) {
		values.push(numbers ? String(value) : String.fromCodePoint(value));
	}

	return values;
}

function parse(glob: string, depth: number): Sequence {
	if (depth > 8) {
		throw new GlobError(glob, 'nests {a,b} more than 8 deep');
	}

	const nodes: Node[] = [];
	let text = '';
	for (let index = 0; index < glob.length; index++) {
		const char = glob[index]!;
		if (char === '\\' && index + 1 < glob.length) {
			text += glob.slice(index, index + 2); // kept escaped: the glob's own parser reads it
			index++;
			continue;
		}

		const end = char === '{' ? closing(glob, index) : -1;
		const inside = end === -1 ? '' : glob.slice(index + 1, end);
		const parts = end === -1 ? [] : topLevelParts(inside);
		const values = parts.length === 1 ? range(inside) : undefined;
		if (parts.length > 1 || values) {
			nodes.push(text);
			text = '';
			nodes.push({either: values ? values.map(value => [value]) : parts.map(part => parse(part, depth + 1))});
			index = end;
		} else {
			text += char; // `{a}` and an unclosed '{' are themselves
		}
	}

	nodes.push(text);
	return nodes;
}

function count(sequence: Sequence, glob: string): number {
	let total = 1;
	for (const node of sequence) {
		if (typeof node !== 'string') {
			total *= node.either.reduce((sum, part) => sum + count(part, glob), 0);
			checkAlternatives(glob, [total]);
		}
	}

	return total;
}

function expand(sequence: Sequence): string[] {
	let results = [''];
	for (const node of sequence) {
		results = typeof node === 'string'
			? results.map(result => result + node)
			: results.flatMap(result => node.either.flatMap(part => expand(part).map(tail => result + tail)));
	}

	return results;
}

/** The globs a glob stands for; throws GlobError past globLimits.alternatives. */
export function expandBraces(glob: string): string[] {
	const tree = parse(glob, 0);
	count(tree, glob);
	return expand(tree);
}
