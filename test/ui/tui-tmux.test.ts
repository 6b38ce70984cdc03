// The real TUI in a real terminal: the built binary runs in tmux against the daemon it starts, keys go in with
// send-keys and the screen comes back with capture-pane.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli, cliPath} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {startPane} from '../helpers/tmux.js';

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

	const environment = {...md.environment, TERM: 'xterm-256color'};
	const exports = Object.entries(environment).map(([name, value]) => `${name}='${value}'`).join(' ');
	// The marker is on the normal screen before the TUI starts: after `q` it must be there again.
	const pane = await startPane(String.raw`printf 'BEFORE-TUI\n'; env ${exports} node '${cliPath}'; echo "TUI-EXITED $?"`);
	t.teardown(pane.kill);

	await pane.until('the TUI with its collection', text => text.includes('garden') && text.includes('Search'));
	t.is(await pane.flag('alternate_on'), '1', 'the TUI draws on the alternate screen');

	await pane.run('send-keys', '-t', 'tui', '-l', 'compost worms');
	const results = await pane.until('results for the query', text => text.includes('compost.md') && text.includes('Worms'));
	t.regex(results, /mode hybrid/, 'the status bar names the mode');
	t.regex(results, /last search \d+ ms/, 'and the latency of the last search');
	t.false(results.includes('BEFORE-TUI'), 'the shell\'s screen is hidden while the TUI runs');

	t.regex(results, /garden\/compost\.md:7-7\s*│\s*\n│.*│\s*Compost › Worms/, 'the preview shows the first hit with its heading path');

	// Esc and a key arriving in one read are Alt+key to a terminal app: wait for the focus to move first.
	await pane.run('send-keys', '-t', 'tui', 'Escape');
	await pane.until('the focus on the results', text => text.includes('│   Search'));
	await pane.run('send-keys', '-t', 'tui', 'j');
	await pane.until('the preview of the second hit', text => text.includes('garden/compost.md:3-3') && text.includes('Turn the compost heap every week.'));
	await pane.run('send-keys', '-t', 'tui', 'm');
	await pane.until('the mode switched to semantic', text => text.includes('mode semantic'));

	await pane.run('send-keys', '-t', 'tui', 'q');
	const after = await pane.until('the shell after exit', text => text.includes('TUI-EXITED'));
	t.regex(after, /TUI-EXITED 0/, 'q exits with status 0');
	t.regex(after, /BEFORE-TUI/, 'the screen from before the TUI is back');
	t.notRegex(after, /compost\.md|Search/, 'nothing of the TUI is left on the screen');
	t.is(await pane.flag('alternate_on'), '0', 'the alternate screen was left');
	t.is(await pane.flag('cursor_flag'), '1', 'the cursor is visible again');
});
