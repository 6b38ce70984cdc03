/** Maps a character offset to its 1-based line number (binary search over line starts). */
export function lineLocator(source: string): (offset: number) => number {
	const starts = [0];
	for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
		starts.push(index + 1);
	}

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
