// e in the TUI: how the selected result ranked, from the real daemon (in tmux, through the built binary).
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {keys, startTui} from '../helpers/tui-pane.js';

test('e shows the selected result\'s keyword and vector rank, score and share; the help lists it', async t => {
	const md = cli();
	t.teardown(md.stop);
	const folder = temporaryDirectory('md-vector-explain-');
	writeFileSync(path.join(folder, 'roses.md'), '# Roses\n\nPrune the roses in spring and water the roses weekly.\n');
	writeFileSync(path.join(folder, 'tulips.md'), '# Tulips\n\nPlant tulips in autumn.\n');
	await md.json(['ingest-dir', folder, '-C', 'garden']);
	const pane = await startTui(t, md, {args: ['-C', 'garden']});
	await keys(pane, '-l', 'prune roses');
	await pane.until('the results', text => text.includes('roses.md') && /last search \d+ ms/.test(text));
	await keys(pane, 'Escape', 'e');
	const shown = await pane.until('the explanation', text => text.includes('roses.md: keyword'));
	t.regex(shown, /roses\.md: keyword #1 BM25 \d+\.\d{4} \(\d+%\) · vector #\d cosine -?\d\.\d{4} \(\d+%\) · convex/);
	await keys(pane, '?');
	t.regex(await pane.until('the help', text => text.includes('explain how')), /e\s+explain how it ranked/);
});
