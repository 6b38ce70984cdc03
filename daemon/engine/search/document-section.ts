import type {StoredChunk} from '../storage/types.js';

export type DocumentSection = {
	readonly headingPath: readonly string[];
	/** null when the heading has no text of its own (only subsections); 0 for the whole document. */
	readonly headingLevel: number | null;
	readonly startLine: number;
	readonly endLine: number;
	readonly content: string;
};

/**
 * The part of a document under a heading path (its chunks in order, joined), e.g. ['Guide', 'Install'];
 * headings compare without case, and the document title may be left out of the path (chunks' paths start
 * with it). Undefined when no chunk lies under the path; an empty path is the whole document.
 */
export function documentSection(chunks: readonly StoredChunk[], headingPath: readonly string[]): DocumentSection | undefined {
	const wanted = headingPath.map(heading => heading.trim().toLowerCase());
	// Where the wanted path starts in a chunk's path: 0, or 1 when the document title was left out.
	const offsetIn = (path: readonly string[]) => [0, 1].find(offset => wanted.every((heading, index) => path[index + offset]?.toLowerCase() === heading));
	const section = chunks.filter(chunk => offsetIn(chunk.headingPath) !== undefined);
	if (section.length === 0) {
		return undefined;
	}

	const first = section[0]!;
	const matched = first.headingPath.slice(0, offsetIn(first.headingPath)! + wanted.length);
	// The heading's own level when it has text directly under it; null when its text is all in subsections.
	const own = section.find(chunk => chunk.headingPath.length === matched.length && chunk.headingLevel > 0);
	return {
		headingPath: matched, headingLevel: wanted.length === 0 ? 0 : (own?.headingLevel ?? null),
		startLine: first.startLine, endLine: section.at(-1)!.endLine, content: section.map(chunk => chunk.content).join('\n\n'),
	};
}
