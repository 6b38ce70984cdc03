// The sample blocks of the Markdown pages: `<!-- sample: ID -->`, a fenced block, `<!-- /sample -->`.
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const blockPattern = /<!-- sample: ([\w-]+) -->\n([\s\S]*?)<!-- \/sample -->/g;

export type Block = {readonly file: string; readonly id: string; readonly text: string};

/** README.md and every page of docs/: the pages a user reads. */
export function pages(root: string): string[] {
	const docs = path.join(root, 'docs');
	return [path.join(root, 'README.md'), ...readdirSync(docs).filter(name => name.endsWith('.md')).sort().map(name => path.join(docs, name))];
}

/** The fenced block a sample's text is shown in: a fence longer than any run of backticks inside it. */
export function fenced(text: string): string {
	const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map(match => match[0].length));
	const fence = '`'.repeat(longest + 1);
	return `${fence}console\n${text}${fence}\n`;
}

/** Every sample block of the pages, with the text between its markers. */
export function readBlocks(files: readonly string[]): Block[] {
	return files.flatMap(file => [...readFileSync(file, 'utf8').matchAll(blockPattern)].map(match => ({file, id: match[1]!, text: match[2]!})));
}

/** Rewrites each block whose sample is in `outputs` with that output; returns the files it changed. */
export function writeBlocks(files: readonly string[], outputs: ReadonlyMap<string, string>): string[] {
	const changed: string[] = [];
	for (const file of files) {
		const before = readFileSync(file, 'utf8');
		const after = before.replaceAll(blockPattern, (whole, id: string) => {
			const output = outputs.get(id);
			return output === undefined ? whole : `<!-- sample: ${id} -->\n${fenced(output)}<!-- /sample -->`;
		});
		if (after !== before) {
			writeFileSync(file, after);
			changed.push(file);
		}
	}

	return changed;
}
