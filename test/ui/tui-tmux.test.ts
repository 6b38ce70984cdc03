// The real TUI in a real terminal: the built binary runs in tmux against the daemon it starts, keys go in with
// send-keys and the screen comes back with capture-pane.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {frameProblems, keys, startTui} from '../helpers/tui-pane.js';

test('in tmux: results appear as you type, the preview follows the selection, q restores the terminal', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = temporaryDirectory('md-vector-tmux-');
	mkdirSync(path.join(root, 'garden'));
	writeFileSync(
		path.join(root, 'garden', 'compost.md'),
		'# Compost\n\nTurn the compost heap every week.\n\n## Worms\n\nRed wigglers eat kitchen scraps and make compost.\n',
	);
	writeFileSync(path.join(root, 'garden', 'pruning.md'), '# Pruning\n\nCut roses back in early spring.\n');
	t.like(await md.json(['ingest-dir', root, '-C', 'garden']), {state: 'completed', progress: {indexed: 2}});

	const pane = await startTui(t, md);
	await pane.until('the only collection open', text => text.includes('garden · hybrid · top 10'));
	t.is(await pane.flag('alternate_on'), '1', 'the TUI draws on the alternate screen');

	await keys(pane, '-l', 'compost worms');
	const results = await pane.until('results for the query', text => text.includes('compost.md') && /last search \d+ ms/.test(text));
	t.regex(results, /garden: 2 docs · \d+ chunks/, 'the status bar labels the counts');
	t.false(results.includes('BEFORE-TUI'), 'the shell\'s screen is hidden while the TUI runs');
	t.regex(results, /│ garden\/compost\.md:7-7\s+│\n.*│ Compost › Worms\s+│/, 'the preview shows the first hit with its heading path');
	t.deepEqual(frameProblems(results, 100), []);

	// Esc and a key arriving in one read are Esc, then the key: no need to wait between them.
	await keys(pane, 'Escape', 'j');
	await pane.until('the preview of the second hit', text => text.includes('garden/compost.md:3-3') && text.includes('Turn the compost heap every week.'));
	await keys(pane, 'm');
	await pane.until('the mode switched to semantic', text => text.includes('garden · semantic · top 10'));

	await keys(pane, 'q');
	const after = await pane.until('the shell after exit', text => text.includes('TUI-EXITED'));
	t.regex(after, /TUI-EXITED 0/, 'q exits with status 0');
	t.regex(after, /BEFORE-TUI/, 'the screen from before the TUI is back');
	t.notRegex(after, /compost\.md|Search|garden/, 'nothing of the TUI is left on the screen');
	t.is(await pane.flag('alternate_on'), '0', 'the alternate screen was left');
	t.is(await pane.flag('cursor_flag'), '1', 'the cursor is visible again');
});
