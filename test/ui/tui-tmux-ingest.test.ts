// The ingest dialog in a real terminal: keys typed faster than the TUI reads them, a paste that ends with a line
// break, Tab completion, a new collection named in the dialog, and a screen that stays whole at 80x24.
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
	const done = await pane.until('the first ingest done', text => text.includes('ingested'));
	t.regex(done, new RegExp(String.raw`ingested ${small} into 'garden': 2 files indexed`), 'all of the path, and the new name');
	await pane.until('the new collection open, with its counts', text => text.includes('garden · hybrid') && text.includes('garden: 2 docs'));

	await keys(pane, 'i');
	await pane.until('the dialog again', text => text.includes('Ingest a directory'));
	await keys(pane, '-l', `${root}/oth`);
	await keys(pane, 'Tab');
	await pane.until('the folder completed', text => text.includes(`${path.basename(root)}/otherwise/`));
	await keys(pane, 'Enter');
	t.regex(await pane.until('the second ingest done', text => text.includes('ingested')), new RegExp(String.raw`ingested ${other} into 'garden': 3 files indexed`));

	await keys(pane, 'i');
	await pane.until('the dialog again', text => text.includes('Ingest a directory'));
	await pane.run('set-buffer', '-b', 'path', `${pasted}\n`);
	await pane.run('paste-buffer', '-p', '-b', 'path', '-t', 'tui'); // -p: bracketed, as the TUI asks for
	t.regex(await pane.until('the pasted path ingested', text => text.includes('ingested')), new RegExp(String.raw`ingested ${pasted} into 'garden': 4 files indexed`));
	const final = await pane.until('the counts of all three', text => text.includes('garden: 9 docs'));
	t.deepEqual(frameProblems(final, 80, 2), []);
	t.deepEqual((await md.json(['collections'])).collections.map((entry: {name: string}) => entry.name), ['garden']);
});
