import type {Root} from 'mdast';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import {parse as parseYaml} from 'yaml';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);

export type FrontMatter = {
	readonly title?: string;
	readonly tags: readonly string[];
};

export function parseMarkdown(source: string): Root {
	return processor.parse(source);
}

/** Title and tags from YAML front matter; malformed front matter is ignored, never fatal. */
export function readFrontMatter(tree: Root): FrontMatter {
	const node = tree.children.find(child => child.type === 'yaml');
	if (!node || node.type !== 'yaml') {
		return {tags: []};
	}

	let data: unknown;
	try {
		data = parseYaml(node.value);
	} catch {
		return {tags: []};
	}

	if (!data || typeof data !== 'object') {
		return {tags: []};
	}

	const record = data as Record<string, unknown>;
	const title = typeof record.title === 'string' && record.title.trim() ? record.title.trim() : undefined;
	return {title, tags: normalizeTags(record.tags ?? record.keywords)};
}

function normalizeTags(value: unknown): string[] {
	if (Array.isArray(value)) {
		return value.filter(tag => typeof tag === 'string' || typeof tag === 'number').map(tag => String(tag).trim()).filter(Boolean);
	}

	if (typeof value === 'string') {
		return value.split(',').map(tag => tag.trim()).filter(Boolean);
	}

	return [];
}
