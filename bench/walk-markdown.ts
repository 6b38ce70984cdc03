import {readdir} from 'node:fs/promises';
import path from 'node:path';
import {markdownExtension} from '../daemon/engine/sources/markdown-files.js';

const skippedDirectories = new Set(['node_modules', '.git', '.hg', '.svn']);

/**
 * Markdown files under a directory, as sorted POSIX paths relative to it; hidden folders are skipped. The
 * benchmarks' corpora only: the daemon walks a folder with engine/sources/walk-source.ts.
 */
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
			} else if (entry.isFile() && markdownExtension.test(entry.name)) {
				found.push(child);
			}
		}
	};

	await visit('');
	return found.sort();
}
