// The ingest dialog in a real terminal: keys typed faster than the TUI reads them, a paste that ends with a line
// break, Tab completion, a new collection named in the dialog, and a screen that stays whole at 80x24. What was
// ingested is checked in the collection, not in the message line: at 80 columns a long temporary folder (TMPDIR)
// pushes the message's counts past the edge, and the test must not depend on where it runs.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {frameProblems, keys, startTui} from '../helpers/tui-pane.js';

function folder(root: string, name: string, files: number): string {
	const directory = path.join(root, name);
	mkdirSync(directory);
	for (let index = 1; index <= files; index++) {
		writeFileSync(path.join(directory, `${name}-${index}.md`), `# ${name} ${index}\n\nNotes about ${name}, page ${index}.\n`);
	}

	return directory;
}

test('i: fast typing into a new collection, Tab completion, a pasted path with Enter; the frame stays whole', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = temporaryDirectory('md-vector-ingest-');
	folder(root, 'sm', 1); // what a dropped `all` would ingest
	const small = folder(root, 'small', 2);
	const other = folder(root, 'otherwise', 3);
	const pasted = folder(root, 'pasted', 4);
	const documents = async (): Promise<string[]> => (await md.json(['documents', '-C', 'garden'])).documents.map((entry: {file: string}) => entry.file).sort();
	const pane = await startTui(t, md, {columns: 80, rows: 24});
	await keys(pane, 'Escape');
	await keys(pane, 'i');
	const dialog = await pane.until('the ingest dialog', text => text.includes('Ingest a directory'));
	t.deepEqual(frameProblems(dialog, 80), [], 'the dialog takes its rows from the panes: nothing garbled at 80x24');
	t.regex(dialog, /Collection default \(new collection\)/);

	// Everything sent at once, no waiting between: `…/sm`, `all`, the collection field, a new name, Enter.
	await keys(pane, '-l', `${root}/sm`);
	await keys(pane, '-l', 'all');
	await keys(pane, 'Down', 'C-u');
	await keys(pane, '-l', 'garden');
	await keys(pane, 'Enter');
	t.regex(await pane.until('the first ingest done', text => text.includes('ingested')), /^ingested /m);
	await pane.until('the new collection open, with its counts', text => text.includes('garden · hybrid') && text.includes('garden: 2 docs'));
	t.deepEqual(await documents(), ['small-1.md', 'small-2.md'], 'all of the path (not sm/), into the new name');

	await keys(pane, 'i');
	await pane.until('the dialog again', text => text.includes('Ingest a directory'));
	await keys(pane, '-l', `${root}/oth`);
	await keys(pane, 'Tab');
	await pane.until('the folder completed', text => text.includes('otherwise/'));
	await keys(pane, 'Enter');
	await pane.until('the second ingest done', text => text.includes('garden: 5 docs'));
	t.deepEqual((await documents()).filter(name => name.startsWith('otherwise/')), ['otherwise/otherwise-1.md', 'otherwise/otherwise-2.md', 'otherwise/otherwise-3.md'], `${other} completed by Tab`);

	await keys(pane, 'i');
	await pane.until('the dialog again', text => text.includes('Ingest a directory'));
	await pane.run('set-buffer', '-b', 'path', `${pasted}\n`);
	await pane.run('paste-buffer', '-p', '-b', 'path', '-t', 'tui'); // -p: bracketed, as the TUI asks for
	const final = await pane.until('the pasted path ingested: the counts of all three', text => text.includes('garden: 9 docs'));
	t.is((await documents()).filter(name => name.startsWith('pasted/')).length, 4, `${pasted} pasted with its line break`);
	t.deepEqual(frameProblems(final, 80, 2), []);
	t.deepEqual((await md.json(['collections'])).collections.map((entry: {name: string}) => entry.name), ['garden']);
});
