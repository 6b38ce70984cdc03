import {markedRanges, queryMarks} from './query-marks.js';

export type Segment = {readonly text: string; readonly match: boolean};

/**
 * The part of a chunk most worth showing: about `width` characters around the densest run of matched words,
 * on one line, split into plain and matched segments (whole words and whole phrases, as the search matched them).
 */
export function snippet(content: string, query: string, width = 220): Segment[] {
	const text = content.replaceAll(/\s+/g, ' ').trim();
	const ranges = markedRanges(text, queryMarks(query));
	let start = 0;
	if (text.length > width && ranges.length > 0) {
		// Start at the match that has the most other matches within the window.
		let best = 0;
		for (const [at] of ranges) {
			const count = ranges.filter(([other]) => other >= at && other < at + width).length;
			if (count > best) {
				best = count;
				start = Math.max(0, at - Math.floor(width / 5));
			}
		}
	}

	const end = Math.min(text.length, start + width);
	const segments = split(text, start, end, ranges);
	if (start > 0) {
		segments.unshift({text: '…', match: false});
	}

	if (end < text.length) {
		segments.push({text: '…', match: false});
	}

	return merge(segments);
}

/** The window [start, end) of the text as segments; a word cut by the window's edge is not marked (…⟦tl⟧ reads as noise). */
function split(text: string, start: number, end: number, ranges: ReadonlyArray<readonly [number, number]>): Segment[] {
	const segments: Segment[] = [];
	let last = start;
	for (const [from, to] of ranges) {
		if (to <= start || from >= end) {
			continue;
		}

		if (from > last) {
			segments.push({text: text.slice(last, from), match: false});
		}

		segments.push({text: text.slice(Math.max(from, start), Math.min(to, end)), match: from >= start && to <= end});
		last = Math.min(to, end);
	}

	if (last < end) {
		segments.push({text: text.slice(last, end), match: false});
	}

	return segments;
}

/** Neighbouring plain segments as one. */
function merge(segments: readonly Segment[]): Segment[] {
	const merged: Segment[] = [];
	for (const segment of segments) {
		const previous = merged.at(-1);
		if (previous && !previous.match && !segment.match) {
			merged[merged.length - 1] = {text: previous.text + segment.text, match: false};
		} else {
			merged.push(segment);
		}
	}

	return merged;
}
