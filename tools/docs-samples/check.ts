// Compares the pages' sample blocks with what the commands printed: which blocks differ, and which samples
// are shown nowhere or named by a block but not defined.
import path from 'node:path';
import {fenced, type Block} from './markers.js';

/** One line per problem; empty when every block shows exactly what its sample printed. */
export function differences(blocks: readonly Block[], outputs: ReadonlyMap<string, string>, root: string): string[] {
	const problems: string[] = [];
	for (const block of blocks) {
		const where = `${path.relative(root, block.file)}, sample ${block.id}`;
		const output = outputs.get(block.id);
		if (output === undefined) {
			problems.push(`${where}: no such sample in tools/docs-samples/samples.ts`);
			continue;
		}

		const expected = fenced(output).split('\n');
		const shown = block.text.split('\n');
		const line = expected.findIndex((text, index) => text !== shown[index]);
		if (line !== -1 || shown.length !== expected.length) {
			const at = line === -1 ? Math.min(shown.length, expected.length) : line;
			problems.push(`${where}: line ${at + 1} of the block shows ${JSON.stringify(shown[at] ?? '(nothing)')}, the command printed ${JSON.stringify(expected[at] ?? '(nothing)')}`);
		}
	}

	const shownIds = new Set(blocks.map(block => block.id));
	for (const id of outputs.keys()) {
		if (!shownIds.has(id)) {
			problems.push(`sample ${id} is shown on no page (add <!-- sample: ${id} --> <!-- /sample --> where it belongs)`);
		}
	}

	return problems;
}
