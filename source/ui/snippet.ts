export type Segment = {readonly text: string; readonly match: boolean};

const suffixes = /(?:ations?|ings?|ed|es|ly|s)$/;

/** Query words reduced to a prefix (a crude stem) so "indexing" marks "index" and "indexes". */
export function queryTerms(query: string): string[] {
	const words = query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
	const terms = words.filter(word => word.length >= 2).map(word => (word.length > 4 ? word.replace(suffixes, '') : word));
	return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

/**
 * The part of a chunk most worth showing: about `width` characters around the densest run of query terms,
 * on one line, split into plain and matched segments.
 */
export function snippet(content: string, query: string, width = 220): Segment[] {
	const text = content.replaceAll(/\s+/g, ' ').trim();
	const terms = queryTerms(query);
	const pattern = terms.length === 0 ? undefined : new RegExp(String.raw`(?<![\p{L}\p{N}_])(?:${terms.map(escape).join('|')})[\p{L}\p{N}_]*`, 'giu');
	const matches = pattern ? [...text.matchAll(pattern)].map(match => match.index) : [];
	let start = 0;
	if (text.length > width && matches.length > 0) {
		// Start at the match that has the most other matches within the window.
		let best = 0;
		for (const at of matches) {
			const count = matches.filter(other => other >= at && other < at + width).length;
			if (count > best) {
				best = count;
				start = Math.max(0, at - Math.floor(width / 5));
			}
		}
	}

	let window = text.slice(start, start + width);
	window = `${start > 0 ? '…' : ''}${window}${start + width < text.length ? '…' : ''}`;
	return pattern ? split(window, pattern) : [{text: window, match: false}];
}

function split(text: string, pattern: RegExp): Segment[] {
	const segments: Segment[] = [];
	let last = 0;
	for (const match of text.matchAll(pattern)) {
		if (match.index > last) {
			segments.push({text: text.slice(last, match.index), match: false});
		}

		segments.push({text: match[0], match: true});
		last = match.index + match[0].length;
	}

	if (last < text.length) {
		segments.push({text: text.slice(last), match: false});
	}

	return segments;
}

function escape(text: string): string {
	return text.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);
}
