import {closest} from 'fastest-levenshtein';
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

/**
 * Where a section is in a Markdown text, by its heading path. Headings are Markdown's (not `#` lines inside
 * code), compared without case; the path may start at the document's top heading or just below it (the title
 * may be left out), as MCP's get_document_section does. The first match in the document wins. Not found: the
 * error names the nearest heading path.
 */
export async function findSection(source: string, wanted: readonly string[], file = 'the document'): Promise<FoundSection> {
	const text = source.replace(/^\uFEFF/, '');
	// Parsed on the chunking thread: a large document's Markdown never holds the daemon's HTTP thread.
	const headings = await chunkThread.headings(text).catch((error: unknown) => {
		throw error instanceof ChunkRefusal ? invalidInput(`section: ${file} ${error.message}`) : error;
	});
	return sectionIn(text, headings, wanted, file);
}

function sectionIn(text: string, headings: readonly Heading[], wanted: readonly string[], file: string): FoundSection {
	const lower = wanted.map(heading => heading.toLowerCase());
	const stack: Array<{depth: number; text: string}> = [];
	const paths: string[] = [];
	for (const [index, heading] of headings.entries()) {
		while (stack.length > 0 && stack.at(-1)!.depth >= heading.depth) {
			stack.pop();
		}

		stack.push(heading);
		const path = stack.map(entry => entry.text);
		paths.push(path.join(' > '));
		const offset = path.length - lower.length;
		if ((offset === 0 || offset === 1) && lower.every((part, at) => path[offset + at]!.toLowerCase() === part)) {
			const next = headings.slice(index + 1).find(other => other.depth <= heading.depth);
			return {headingPath: path, startLine: heading.line, endLine: lastTextLine(text, heading.line, next ? next.line - 1 : Number.POSITIVE_INFINITY)};
		}
	}

	const hint = paths.length > 0 ? `; nearest: "${closest(wanted.join(' > '), paths)}"` : '; it has no headings';
	throw notFound(`section: no "${wanted.join(' > ')}" in ${file}${hint}`);
}
