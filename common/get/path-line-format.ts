import {splitLines} from './line-range.js';

/** What the rg-style formats need of a search hit. */
export type LocatedHit = {
	/** The path an editor opens: the file on disk when known, else the document's name. */
	readonly path: string;
	readonly startLine: number;
	readonly content: string;
};

/**
 * `search --format path:line`: one `path:line:text` line per hit (as `rg -n` prints, which editors' quickfix
 * lists read), pointing at the hit's first line that holds a match (`matches`: whole words, as highlighting marks
 * them), else its first non-blank line. Tabs and line breaks cannot occur inside `text`; the path is printed as it is.
 */
export function formatPathLines(hits: readonly LocatedHit[], matches: (line: string) => boolean): string[] {
	return hits.map(hit => {
		const lines = splitLines(hit.content);
		let index = lines.findIndex(line => matches(line));
		if (index < 0) {
			index = Math.max(0, lines.findIndex(line => line.trim() !== ''));
		}

		return `${hit.path}:${hit.startLine + index}:${(lines[index] ?? '').trimEnd()}`;
	});
}

/** `search --files` (`-l`): each path once, in the order of its best hit. */
export function formatFiles(hits: ReadonlyArray<Pick<LocatedHit, 'path'>>): string[] {
	return [...new Set(hits.map(hit => hit.path))];
}
