import type {MarkdownBlock} from './blocks.js';
import type {ParsedMarkdown} from './parse.js';

/** One top-level block of a section, with its place in the source. */
export type Block = Exclude<MarkdownBlock, {kind: 'heading'}>;

export type Section = {
	/** Plain text of the heading above the blocks ('' before the first heading). */
	readonly title: string;
	/** Heading depth (1-6), 0 before the first heading. */
	readonly level: number;
	/** Texts of the enclosing headings, outermost first, this section's own heading last. */
	readonly headings: readonly string[];
	readonly blocks: readonly Block[];
};

/** Splits a document into sections at every heading; bare HTML comments are dropped. */
export function splitSections(parsed: ParsedMarkdown): Section[] {
	const sections: Section[] = [];
	const stack: Array<{depth: number; text: string}> = [];
	let current: {title: string; level: number; headings: string[]; blocks: Block[]} = {title: '', level: 0, headings: [], blocks: []};

	for (const block of parsed.blocks) {
		if (block.kind === 'comment') {
			continue;
		}

		if (block.kind === 'heading') {
			sections.push(current);
			while (stack.length > 0 && stack.at(-1)!.depth >= block.depth) {
				stack.pop();
			}

			stack.push({depth: block.depth, text: block.text});
			current = {title: block.text, level: block.depth, headings: stack.map(entry => entry.text).filter(Boolean), blocks: []};
			continue;
		}

		current.blocks.push(block);
	}

	sections.push(current);
	return sections.filter(section => section.blocks.length > 0);
}

/** The first level-1 heading's text: the document's title even when nothing stands under it directly. */
export function firstH1(parsed: ParsedMarkdown): string | undefined {
	const heading = parsed.blocks.find(block => block.kind === 'heading' && block.depth === 1);
	return heading?.kind === 'heading' ? heading.text || undefined : undefined;
}
