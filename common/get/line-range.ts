/** A stretch of a document's lines, 1-based and inclusive, as `get` prints it. */
export type LineRange = {
	readonly content: string;
	readonly startLine: number;
	readonly endLine: number;
	readonly totalLines: number;
};

/** The lines of a text, split at \r\n, \r or \n like the chunker's line numbers; a final break ends the last line. */
export function splitLines(text: string): string[] {
	const lines = text.split(/\r\n?|\n/);
	if (lines.at(-1) === '') {
		lines.pop();
	}

	return lines;
}

/**
 * Lines `line` to `line + count - 1` of a text (clipped at its end), or all of it. A first line past the end is
 * refused with the document's length, so a stale `path:line` from an old search says why it fails.
 */
export function sliceLines(text: string, line = 1, count?: number): LineRange {
	const lines = splitLines(text);
	if (lines.length === 0) {
		return {content: '', startLine: 0, endLine: 0, totalLines: 0};
	}

	if (line > lines.length) {
		throw new RangeError(`line: ${line} is past the end of the document (${lines.length} lines)`);
	}

	const end = count === undefined ? lines.length : Math.min(lines.length, line + count - 1);
	return {content: lines.slice(line - 1, end).join('\n'), startLine: line, endLine: end, totalLines: lines.length};
}
