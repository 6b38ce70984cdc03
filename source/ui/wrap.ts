import type {Segment} from './snippet.js';

/**
 * Splits text segments into lines of at most `width` characters at spaces (a longer word gets a line of its
 * own). Only for a terminal: piped output is never wrapped, so each record stays on its line for grep and wc.
 */
export function wrapSegments(segments: readonly Segment[], width: number): Segment[][] {
	const words = segments.flatMap(segment => segment.text.split(/(?<= )/).map(text => ({text, match: segment.match})));
	const lines: Segment[][] = [[]];
	let used = 0;
	for (const word of words) {
		const visible = word.text.trimEnd().length;
		if (used > 0 && used + visible > width) {
			const line = lines.at(-1)!;
			const last = line.at(-1);
			if (last) {
				line[line.length - 1] = {...last, text: last.text.trimEnd()};
			}

			lines.push([]);
			used = 0;
		}

		lines.at(-1)!.push(word);
		used += word.text.length;
	}

	return lines.filter(line => line.length > 0);
}
