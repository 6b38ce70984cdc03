/** Where a text's lines start and end (before their line break). */
export type LineSpans = {readonly starts: number[]; readonly ends: number[]};

/** Line spans with markdown-it's line breaks (\r\n, \r or \n), so line numbers agree with its block maps. */
export function lineSpans(source: string): LineSpans {
	const starts = [0];
	const ends: number[] = [];
	for (const match of source.matchAll(/\r\n?|\n/g)) {
		ends.push(match.index);
		starts.push(match.index + match[0].length);
	}

	ends.push(source.length);
	return {starts, ends};
}

/** Maps a character offset to its 1-based line number (binary search over line starts). */
export function lineLocator(source: string): (offset: number) => number {
	const {starts} = lineSpans(source);
	return offset => {
		let low = 0;
		let high = starts.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (starts[middle]! <= offset) {
				low = middle;
			} else {
				high = middle - 1;
			}
		}

		return low + 1;
	};
}
