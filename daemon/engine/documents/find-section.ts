import {distance} from 'fastest-levenshtein';
import {ChunkRefusal, chunkThread, type Heading} from '../chunker/chunk-thread.js';
import {invalidInput, notFound} from '../errors.js';

export type FoundSection = {
	/** The headings from the outermost to the one found, as written in the document. */
	readonly headingPath: readonly string[];
	/** The heading's line to the line before the next heading of the same or a higher level (1-based). */
	readonly startLine: number;
	readonly endLine: number;
};

/** The last line from `first` to `last` that is not blank: a section does not end in the gap before the next. */
function lastTextLine(text: string, first: number, last: number): number {
	const lines = text.split(/\r\n?|\n/);
	let line = Math.min(last, lines.length);
	while (line > first && lines[line - 1]!.trim() === '') {
		line--;
	}

	return line;
}

/** `"Install > Linux"` as headings; `\>` is a literal '>'. */
export function parseSectionPath(text: string): string[] {
	const parts = text.split(/(?<!\\)>/).map(part => part.replaceAll(String.raw`\>`, '>').trim());
	if (parts.includes('')) {
		throw invalidInput(`section: every heading of "${text}" must be non-empty ("Heading > Sub")`);
	}

	return parts;
}

type Placed = Heading & {readonly path: readonly string[]; readonly index: number};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const joined = (parts: readonly string[]) => parts.join(' > ');

/** Whether `path` ends with the headings `wanted`. */
const endsWith = (path: readonly string[], wanted: readonly string[]) => path.length >= wanted.length && wanted.every((part, at) => same(path[path.length - wanted.length + at]!, part));

/**
 * Where a section is in a Markdown text, by its heading path. Headings are Markdown's (not `#` lines inside
 * code), compared without case. The path may start at the document's top heading or just below it (the title
 * may be left out), as MCP's get_document_section does, and the first such match wins; else the path's last
 * headings are enough when they end one section only ("Goals", "Motivation > Goals"). Not found: the error names
 * the nearest heading path, compared whole (a typo, a heading cut short, a heading left out), as it can be typed.
 */
export async function findSection(source: string, wanted: readonly string[], file = 'the document'): Promise<FoundSection> {
	const text = source.replace(/^\uFEFF/, '');
	// Parsed on the chunking thread: a large document's Markdown never holds the daemon's HTTP thread.
	const headings = await chunkThread.headings(text).catch((error: unknown) => {
		throw error instanceof ChunkRefusal ? invalidInput(`section: ${file} ${error.message}`) : error;
	});
	const placed = withPaths(headings);
	const section = (heading: Placed): FoundSection => {
		const next = headings.slice(heading.index + 1).find(other => other.depth <= heading.depth);
		return {headingPath: heading.path, startLine: heading.line, endLine: lastTextLine(text, heading.line, next ? next.line - 1 : Number.POSITIVE_INFINITY)};
	};

	const found = resolve(wanted, placed);
	if (Array.isArray(found)) {
		const listed = found.slice(0, 5).map(heading => `"${typed(heading, placed)}" (line ${heading.line})`).join(', ');
		throw invalidInput(`section: "${joined(wanted)}" ends ${found.length} sections of ${file}: ${listed}; give more of its headings`);
	}

	if (found) {
		return section(found);
	}

	const hint = placed.length > 0 ? `; nearest: "${typed(nearestHeading(wanted, placed), placed, wanted.length)}"` : '; it has no headings';
	throw notFound(`section: no "${joined(wanted)}" in ${file}${hint}`);
}

/** The heading a path names (findSection's rules), the several it could name, or none. */
function resolve(wanted: readonly string[], placed: readonly Placed[]): Placed | Placed[] | undefined {
	const fromTop = placed.find(heading => [0, 1].includes(heading.path.length - wanted.length) && endsWith(heading.path, wanted));
	if (fromTop) {
		return fromTop;
	}

	const ending = placed.filter(heading => endsWith(heading.path, wanted));
	return new Set(ending.map(heading => joined(heading.path))).size > 1 ? ending : ending[0];
}

/** Each heading with the headings above it, outermost first. */
function withPaths(headings: readonly Heading[]): Placed[] {
	const stack: Heading[] = [];
	return headings.map((heading, index) => {
		while (stack.length > 0 && stack.at(-1)!.depth >= heading.depth) {
			stack.pop();
		}

		stack.push(heading);
		return {...heading, path: stack.map(entry => entry.text), index};
	});
}

/**
 * The heading whose path is nearest to the one asked for: the edit distance between what was typed and as many
 * of the path's last headings (all of them when it has fewer), so "Motivaton" finds "Motivation" and
 * "Motivation > Goal" finds "Motivation > Goals" under any title. The first in the document wins a tie.
 */
function nearestHeading(wanted: readonly string[], placed: readonly Placed[]): Placed {
	const asked = joined(wanted).toLowerCase();
	let best = placed[0]!;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const heading of placed) {
		const compared = distance(asked, joined(heading.path.slice(-wanted.length)).toLowerCase()) + Math.max(0, wanted.length - heading.path.length);
		if (compared < bestDistance) {
			best = heading;
			bestDistance = compared;
		}
	}

	return best;
}

/** A heading's path as `--section` takes it: its last headings, as few as name it alone (at least `fewest`), else all of it. */
function typed(heading: Placed, placed: readonly Placed[], fewest = 1): string {
	for (let count = fewest; count < heading.path.length; count++) {
		const tail = heading.path.slice(-count);
		if (resolve(tail, placed) === heading) {
			return joined(tail);
		}
	}

	return joined(heading.path);
}
