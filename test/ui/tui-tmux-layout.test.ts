// The layout in a real terminal at 120, 80 and 60 columns, over five versions of one PowerShell page (paths that
// differ only in the middle) and a Kubernetes design document (long chunks).
import {copyFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';
import {frameProblems, keys, startTui} from '../helpers/tui-pane.js';

const versions = ['5.1', '7.4', '7.5', '7.6', '7.7'];
const page = path.join('Microsoft.PowerShell.Core', 'About', 'about_Splatting.md');
const md = cli();

test.before(async () => {
	const root = temporaryDirectory('md-vector-layout-');
	for (const version of versions) {
		const folder = path.join(root, 'corpus', 'reference', version, path.dirname(page));
		mkdirSync(folder, {recursive: true});
		copyFileSync(path.join(sharedData, 'powershell-docs', 'corpus', 'reference', version, page), path.join(root, 'corpus', 'reference', version, page));
	}

	await md.json(['ingest-dir', root, '-C', 'ps']);
});

test.after.always(async () => {
	await md.stop();
});

/** Column of each box's top-left corner on the line where the panes start. */
function paneColumns(screen: string): number[] {
	const line = screen.split('\n')[3]!;
	return [...line].flatMap((character, column) => (character === '╭' ? [column] : []));
}

test.serial('120 columns: results and preview side by side, 60 columns each; the five versions read apart, file names whole', async t => {
	const pane = await startTui(t, md, {args: ['-C', 'ps'], columns: 120, rows: 30});
	await keys(pane, '-l', 'splatting hash table');
	const screen = await pane.until('results', text => /last search \d+ ms/.test(text) && text.includes('about_Splatting.md'));
	t.deepEqual(paneColumns(screen), [0, 60], 'two panes of 60 columns (no collections pane eating a third)');
	for (const version of versions) {
		t.regex(screen, new RegExp(String.raw`\d\.\d{3} corpus/reference/${version.replace('.', String.raw`\.`)}/…/About/about_Splatting\.md`), version);
	}

	t.deepEqual(frameProblems(screen, 120), []);
	await keys(pane, 'Escape', 'c');
	const withCollections = await pane.until('the collections pane', text => text.includes('Collections'));
	t.regex(withCollections, /│ › ps\s+│[\s\S]*│ {3}5 docs · \d+ chunks\s+│/, 'c shows it, counts labelled');
	t.deepEqual(frameProblems(withCollections, 120), []);
});

test.serial('80x24: results above a wrapping preview; the delete, ingest and help dialogs never garble the screen', async t => {
	const pane = await startTui(t, md, {args: ['-C', 'ps'], columns: 80, rows: 24});
	await keys(pane, '-l', 'splatting parameter values');
	const screen = await pane.until('results', text => /last search \d+ ms/.test(text) && text.includes('about_Splatting.md'));
	t.deepEqual(paneColumns(screen), [0], 'one pane across, the preview under it');
	const preview = screen.split('\n').slice(12, 22).map(line => line.slice(2, -1).trimEnd());
	t.true(preview.filter(line => line.length > 0).length >= 6, `the preview fills its rows:\n${preview.join('\n')}`);
	t.false(preview.some(line => line.endsWith('…') && !line.includes('more lines')), 'lines are wrapped, not cut');
	t.deepEqual(frameProblems(screen, 80), []);

	await keys(pane, 'Escape', 'd');
	const deleting = await pane.until('the delete dialog', text => text.includes('and all its chunks from \'ps\''));
	t.deepEqual(frameProblems(deleting, 80), []);
	t.regex(deleting, /║ Delete corpus\/reference\/\d\.\d\/…\/About\/about_Splatting\.md\s+║/);
	await keys(pane, 'n');
	await pane.until('the dialog closed', text => text.includes('nothing deleted'));
	await keys(pane, 'i');
	const ingesting = await pane.until('the ingest dialog', text => text.includes('Ingest a directory'));
	t.deepEqual(frameProblems(ingesting, 80), []);
	await keys(pane, 'Escape');
	await pane.until('the dialog closed', text => text.includes('ingest cancelled'));
	await keys(pane, '?');
	const help = await pane.until('the help', text => text.includes('md-vector keys'));
	t.deepEqual(frameProblems(help, 80), []);
	t.regex(help, /In the search box[\s\S]*In the results and collections/);
});

test.serial('100 columns: the help\'s columns take the room their lines need, nothing cut, each key once; Esc then q quits', async t => {
	const pane = await startTui(t, md, {args: ['-C', 'ps'], columns: 100, rows: 30});
	await keys(pane, '-l', 'splatting');
	await pane.until('results', text => /last search \d+ ms/.test(text) && text.includes('about_Splatting.md'));
	await keys(pane, 'Escape', '?');
	const help = await pane.until('the help, two columns', text => text.includes('md-vector keys') && text.includes('q  quit'));
	t.deepEqual(frameProblems(help, 100), []);
	const lines = help.split('\n').filter(line => line.startsWith('║ ') && !line.includes('md-vector keys'));
	t.deepEqual(lines.filter(line => line.includes('…')), [], 'no line of the help is cut');
	t.regex(help, /║ Enter +open in \$VISUAL \/ \$EDITOR at its line +║/, 'the left column whole');
	t.regex(help, /║ ↑ ↓ j k +select a result; switch collection +║/, 'one row for the keys of both lists');
	t.is(help.split('↑ ↓ j k').length, 2, '↑ ↓ j k listed once');
	// Esc closes the help; in the results, Esc stays there (it went back to the search box, and q was typed in).
	await keys(pane, 'Escape');
	await pane.until('the help closed', text => !text.includes('md-vector keys'));
	await keys(pane, 'Escape', 'q');
	const after = await pane.until('the TUI gone', text => text.includes('TUI-EXITED'));
	t.regex(after, /TUI-EXITED 0/);
});

test.serial('60 columns: the search line keeps its parts apart; the preview still wraps', async t => {
	const pane = await startTui(t, md, {args: ['-C', 'ps'], columns: 60, rows: 20});
	await keys(pane, '-l', 'splatting');
	const screen = await pane.until('results', text => /last search \d+ ms/.test(text) && text.includes('about_Splatting.md'));
	t.regex(screen.split('\n')[1]!, /^│ › splatting {2,}ps · hybrid · 10 │$/);
	t.regex(screen, /│ › 0\.\d{3} corpus\/reference\/\d\.\d\/…\/About\/about_Splatting\.md/, 'the file name whole in 56 columns');
	await pane.until('the short description, one line of the file wrapped in two', text => /│ Describes how to use splatting to pass parameters to\s+│\n│ commands in PowerShell\.\s+│/.test(text));
	t.deepEqual(frameProblems(screen, 60), []);
	await keys(pane, 'Escape', 'i');
	t.deepEqual(frameProblems(await pane.until('the ingest dialog', text => text.includes('Ingest a directory')), 60), []);
	await keys(pane, 'Escape', '?');
	const help = await pane.until('the help, one column', text => text.includes('md-vector keys') && /… \d+ more \(↓\)/.test(text));
	t.deepEqual(frameProblems(help, 60), []);
	t.true(help.includes('In the search box'));
	await keys(pane, 'Down', 'Down');
	const scrolled = await pane.until('the help scrolled', text => !text.includes('In the search box') && text.includes('md-vector keys'));
	t.deepEqual(frameProblems(scrolled, 60), []);
});
