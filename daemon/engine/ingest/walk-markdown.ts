import {readdir} from 'node:fs/promises';
import path from 'node:path';

export const markdownExtensions = /\.(md|markdown|mdx)$/i;
const skippedDirectories = new Set(['node_modules', '.git', '.hg', '.svn']);

/** Markdown files under a directory, as sorted POSIX paths relative to it; hidden folders are skipped. */
export async function walkMarkdown(root: string): Promise<string[]> {
	const found: string[] = [];
	const visit = async (relative: string) => {
		const entries = await readdir(path.join(root, relative), {withFileTypes: true});
		for (const entry of entries) {
			const child = relative ? `${relative}/${entry.name}` : entry.name;
			if (entry.isDirectory()) {
				if (!entry.name.startsWith('.') && !skippedDirectories.has(entry.name)) {
					await visit(child);
				}
			} else if (entry.isFile() && markdownExtensions.test(entry.name)) {
				found.push(child);
			}
		}
	};

	await visit('');
	return found.sort();
}
