import type {Segment} from './snippet.js';

/**
 * Splits text segments into lines of at most `width` characters at spaces (a longer word gets a line of its
 * own). Only for a terminal: piped output is never wrapped, so each record stays on its line for grep and wc.
 * `markWidth`: the columns the marks around a run of matched words take on a line (2 for ⟦ ⟧ without colour).
 */
export function wrapSegments(segments: readonly Segment[], width: number, markWidth = 0): Segment[][] {
	const words = segments.flatMap(segment => segment.text.split(/(?<= )/).map(text => ({text, match: segment.match})));
	const lines: Segment[][] = [[]];
	let used = 0;
	for (const word of words) {
		// A match that starts a run on its line brings the run's marks.
		const marks = word.match && !lines.at(-1)!.at(-1)?.match ? markWidth : 0;
		const visible = word.text.trimEnd().length + marks;
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
		used += word.text.length + (word.match && !lines.at(-1)!.at(-2)?.match ? markWidth : 0);
	}

	return lines.filter(line => line.length > 0);
}
