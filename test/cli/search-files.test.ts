// `search -l -k N` lists N files, as `rg -l` does (issue 38 item 2): the daemon collapses by file before the
// limit, and goes deeper when the best chunks crowd into a few documents.
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';

/** Three documents of 40 sections that all say "compost" often, and nine that say it once. */
function crowdedTree(): string {
	const big = (name: string) => [`# ${name}`, ...Array.from({length: 40}, (_, index) => `## Part ${index}\n\nCompost, compost and compost again: part ${index} of the ${name} compost guide.`)].join('\n\n');
	const small = (index: number) => `# Note ${index}\n\nA garden note that mentions compost once, among many other words about beds, seeds and water.\n`;
	return makeTree({
		'big-a.md': big('a'), 'big-b.md': big('b'), 'big-c.md': big('c'),
		...Object.fromEntries(Array.from({length: 9}, (_, index) => [`notes/n${index}.md`, small(index)])),
	});
}

test('-l -k N prints N files even when the best chunks come from a few documents', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = crowdedTree();
	t.is((await md.run(['ingest-dir', root, '-C', 'crowd'])).exitCode, 0);
	const lines = async (...args: string[]) => String((await md.run(['search', 'compost', '-C', 'crowd', ...args])).stdout).split('\n').filter(Boolean);

	// The top 50 keyword candidates are all sections of the big documents.
	const chunks = await md.json(['search', 'compost', '-C', 'crowd', '--mode', 'keyword', '-k', '50']);
	t.true(new Set(chunks.results.map((hit: {source_file: string}) => hit.source_file)).size <= 3);

	for (const mode of ['keyword', 'hybrid', 'semantic']) {
		const files = await lines('-l', '--mode', mode);
		t.is(files.length, 10, `${mode}: the default -k 10 is 10 files`);
		t.is(new Set(files).size, 10, `${mode}: each once`);
	}

	t.is((await lines('-l', '-k', '12', '--mode', 'keyword')).length, 12, 'every file that matches');
	t.is((await lines('-l', '-k', '20', '--mode', 'keyword')).length, 12, 'no more than match');
	const top = await lines('-l', '-k', '3', '--mode', 'keyword');
	t.deepEqual(top.map(file => file.slice(root.length + 1)).sort(), ['big-a.md', 'big-b.md', 'big-c.md'], 'best first');
	const collapsed = await md.json(['search', 'compost', '-C', 'crowd', '--mode', 'keyword', '--collapse', '-k', '12']);
	t.is(collapsed.results.length, 12, '--collapse over the API goes as deep too');
});
