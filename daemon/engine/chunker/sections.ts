import type {Heading, Root, RootContent} from 'mdast';
import {toString} from 'mdast-util-to-string';

/** One top-level block of a section, with its place in the source. */
export type Block = {
	readonly node: RootContent;
	readonly start: number;
	readonly end: number;
};

export type Section = {
	/** Plain text of the heading above the blocks ('' before the first heading). */
	readonly title: string;
	/** Heading depth (1-6), 0 before the first heading. */
	readonly level: number;
	/** Texts of the enclosing headings, outermost first, this section's own heading last. */
	readonly headings: readonly string[];
	readonly blocks: readonly Block[];
};

/** Splits a document into sections at every heading; front matter and bare HTML comments are dropped. */
export function splitSections(tree: Root): Section[] {
	const sections: Section[] = [];
	const stack: Array<{depth: number; text: string}> = [];
	let current: {title: string; level: number; headings: string[]; blocks: Block[]} = {title: '', level: 0, headings: [], blocks: []};

	for (const node of tree.children) {
		if (node.type === 'yaml' || (node.type as string) === 'toml' || node.type === 'definition' || isComment(node)) {
			continue;
		}

		if (node.type === 'heading') {
			sections.push(current);
			while (stack.length > 0 && stack.at(-1)!.depth >= node.depth) {
				stack.pop();
			}

			const text = headingText(node);
			stack.push({depth: node.depth, text});
			current = {title: text, level: node.depth, headings: stack.map(entry => entry.text).filter(Boolean), blocks: []};
			continue;
		}

		const start = node.position?.start.offset;
		const end = node.position?.end.offset;
		if (start !== undefined && end !== undefined && end > start) {
			current.blocks.push({node, start, end});
		}
	}

	sections.push(current);
	return sections.filter(section => section.blocks.length > 0);
}

/** A heading's plain text on one line. */
export function headingText(node: Heading): string {
	return toString(node).replaceAll(/\s+/g, ' ').trim();
}

/** The first level-1 heading's text: the document's title even when nothing stands under it directly. */
export function firstH1(tree: Root): string | undefined {
	const heading = tree.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
	return heading ? headingText(heading) || undefined : undefined;
}

function isComment(node: RootContent): boolean {
	return node.type === 'html' && /^\s*<!--[\s\S]*-->\s*$/.test(node.value);
}
