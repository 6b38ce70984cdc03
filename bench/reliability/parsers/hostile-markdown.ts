// The documents of issue 34's parser attacks, as the attack sent them.

/** `---\na: ` + n `[` + n `]` + `\n---\n# T\n\nx`: nesting that ended the daemon (n 2,000 inline, 3,000 in a folder). */
export const deepFrontMatter = (n: number) => `---\na: ${'['.repeat(n)}${']'.repeat(n)}\n---\n# T\n\nx\n`;

/** `keys` lines of `ab: 1` (68,322 made 499 KB and froze the daemon 69 s). */
export const manyKeys = (keys: number) => `---\n${'ab: 1\n'.repeat(keys)}---\n# T\n\nx\n`;

/** Distinct keys, as many as front matter may hold: read, and the document indexed. */
export const keysAtLimit = (keys: number) => `---\n${Array.from({length: keys}, (_, index) => `k${index}: ${index}`).join('\n')}\n---\n# Keys\n\nzqkeys\n`;

/** A cyclic alias: a 500 that failed a whole folder's job. */
export const cyclicAlias = '---\na: &x [*x]\n---\n# Cycle\n\nx\n';

/** A value JSON cannot hold. */
export const infinity = '---\nlimit: .inf\n---\n# Inf\n\nx\n';

/**
 * About `bytes` of Markdown of each shape that took the chunker long (measured on 500 KB: 1-11 s each on a
 * loaded machine): brackets, backticks, list items, headings, blank-line paragraphs, CJK without spaces.
 */
export function pathologicalMarkdown(bytes: number): Array<{name: string; text: string}> {
	return [
		{name: 'brackets', text: '['.repeat(bytes)},
		{name: 'backticks', text: '`'.repeat(bytes)},
		{name: 'list items', text: '- a\n'.repeat(bytes / 4)},
		{name: 'headings', text: '# h\n'.repeat(bytes / 4)},
		{name: 'paragraphs', text: 'x\n\n'.repeat(bytes / 3)},
		{name: 'CJK', text: '中'.repeat(bytes / 3)},
	];
}
