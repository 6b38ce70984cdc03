// Enter opens the selected result in $EDITOR; when the editor quits, the TUI is back on the alternate screen at
// once (no key needed), and q still leaves the shell's screen clean.
import {chmodSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {frameProblems, keys, startTui} from '../helpers/tui-pane.js';

const md = cli();
const root = temporaryDirectory('md-vector-editor-');

test.before(async () => {
	mkdirSync(path.join(root, 'notes'));
	const filler = Array.from({length: 40}, (_, index) => `Filler line ${index + 1}.`).join('\n\n');
	writeFileSync(path.join(root, 'notes', 'tomatoes.md'), `# Tomatoes\n\n${filler}\n\n## Staking\n\nStake tomatoes when they flower.\n`);
	await md.json(['ingest-dir', root, '-C', 'notes']);
});

test.after.always(async () => {
	await md.stop();
});

/** Searches for the staking chunk and moves the focus to the results. */
async function findStaking(pane: Awaited<ReturnType<typeof startTui>>) {
	await keys(pane, '-l', 'stake flower');
	await pane.until('the staking chunk', text => text.includes('notes/tomatoes.md:') && text.includes('Tomatoes › Staking'));
	await keys(pane, 'Escape');
	await pane.until('the focus on the results', text => text.includes('│   Search stake flower'));
}

test.serial('a real vi: opens the file at the chunk\'s line; after :q the TUI is redrawn on the alternate screen without a key', async t => {
	const pane = await startTui(t, md, {args: ['-C', 'notes'], columns: 80, rows: 24, env: {EDITOR: 'vi -u NONE -N'}});
	await findStaking(pane);
	const before = await pane.screen();
	await keys(pane, 'Enter');
	const editing = await pane.until('vi on the file', text => text.includes('Stake tomatoes when they flower.') && !text.includes('Search stake flower'));
	t.regex(editing, /^## Staking$/m, 'vi shows the section');
	await keys(pane, '-l', ':q');
	await keys(pane, 'Enter');
	const back = await pane.until('the TUI again, drawn whole', text => text.includes('│   Search stake flower') && text.includes('Tomatoes › Staking') && text.includes('?: help'));
	t.is(back, before, 'the same frame as before the editor, every line of it');
	t.is(await pane.flag('alternate_on'), '1', 'back on the alternate screen (vi left it for the shell\'s)');
	t.is(await pane.flag('cursor_flag'), '0', 'the cursor hidden again');
	t.deepEqual(frameProblems(back, 80), []);

	await keys(pane, 'j'); // keys work at once (raw mode is back)
	await keys(pane, 'q');
	const after = await pane.until('the shell after exit', text => text.includes('TUI-EXITED'));
	t.regex(after, /^BEFORE-TUI\nTUI-EXITED 0\n*$/, 'the shell\'s screen holds nothing of the TUI or of vi');
	t.is(await pane.flag('alternate_on'), '0');
});

test.serial('the editor gets +LINE and the file\'s path; a failing editor is reported in the status bar', async t => {
	const script = path.join(root, 'record-editor.sh');
	const record = path.join(root, 'editor-arguments.txt');
	writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nexit 3\n`);
	chmodSync(script, 0o755);
	const pane = await startTui(t, md, {args: ['-C', 'notes'], columns: 80, rows: 24, env: {EDITOR: script}});
	await findStaking(pane);
	await keys(pane, 'Enter');
	const screen = await pane.until('the editor\'s failure', text => text.includes('exited with status 3'));
	const [line, file] = readFileSync(record, 'utf8').trim().split('\n');
	t.regex(line!, /^\+\d+$/);
	t.is(file, path.join(root, 'notes', 'tomatoes.md'));
	t.regex(screen, new RegExp(String.raw`notes/tomatoes\.md:${line!.slice(1)}-\d+`), 'the line is the chunk\'s first');
	t.deepEqual(frameProblems(screen, 80, 2), [], 'the message line and the status bar, under an intact frame');
});
