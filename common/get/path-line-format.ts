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
 * lists read), pointing at the hit's first line that holds a query term (else its first non-blank line).
 * Tabs and line breaks cannot occur inside `text`; the path is printed as it is.
 */
export function formatPathLines(hits: readonly LocatedHit[], terms: readonly string[]): string[] {
	const pattern = terms.length === 0 ? undefined : new RegExp(String.raw`(?<![\p{L}\p{N}_])(?:${terms.map(escape).join('|')})`, 'iu');
	return hits.map(hit => {
		const lines = splitLines(hit.content);
		let index = pattern ? lines.findIndex(line => pattern.test(line)) : -1;
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

function escape(term: string): string {
	return term.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);
}
