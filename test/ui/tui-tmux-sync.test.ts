// The TUI against a collection that follows a folder, in tmux with a real daemon: `d` says the next sync brings
// the document back and how to keep it out; results follow changes made elsewhere (the CLI here) without a key;
// a daemon that died shows once, with the fix, not as "No results" and the error twice (issue 26).
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {keys, startTui} from '../helpers/tui-pane.js';

/** A folder with garden/compost.md and garden/pruning.md. */
function garden(): string {
	const root = temporaryDirectory('md-vector-sync-');
	mkdirSync(path.join(root, 'garden'));
	writeFileSync(path.join(root, 'garden', 'compost.md'), '# Compost\n\nTurn the compost heap every week.\n');
	writeFileSync(path.join(root, 'garden', 'pruning.md'), '# Pruning\n\nCut roses back in early spring, then compost the cuttings.\n');
	return root;
}

const count = (text: string, part: string) => text.split(part).length - 1;

test('d on a document of a followed folder says the next sync brings it back and how to keep it out', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = garden();
	await md.json(['ingest-dir', root, '-C', 'garden']);
	const pane = await startTui(t, md);
	await keys(pane, '-l', 'roses spring');
	await pane.until('the pruning hit first', text => /› [\d.]+ garden\/pruning\.md/.test(text));
	await keys(pane, 'Escape', 'd');
	// Until the dialog's last line is in: a capture can land while the terminal is still drawing a frame.
	const asked = await pane.until('the delete dialog', text => text.includes('Delete garden/pruning.md') && text.includes('in that folder.'));
	t.regex(asked, /next sync of .*indexes it again/, 'said before anything is deleted');
	t.regex(asked, /add the line garden\/pruning\.md to \.mdvectorignore in that folder/, 'with how to keep it out');
	await keys(pane, 'y');
	const deleted = await pane.until('the delete done', text => text.includes('deleted garden/pruning.md'));
	t.regex(deleted, /comes back at the next sync/);
	const {stdout} = await md.run(['update', '-C', 'garden']);
	t.regex(String(stdout), /pruning\.md/, 'and it does come back');
	// The advice holds: with the line the dialog gave in the folder's .mdvectorignore, the next sync leaves it out.
	writeFileSync(path.join(root, '.mdvectorignore'), 'garden/pruning.md\n');
	await md.run(['update', '-C', 'garden']);
	t.deepEqual((await md.json(['documents', '-C', 'garden'])).documents.map((document: {file: string}) => document.file), ['garden/compost.md']);
});

test('results follow the collection when it changes underneath, without a key', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = garden();
	await md.json(['ingest-dir', root, '-C', 'garden']);
	const pane = await startTui(t, md);
	await keys(pane, '-l', 'compost');
	await pane.until('the first results', text => text.includes('garden/compost.md') && /last search \d+ ms/.test(text));
	writeFileSync(path.join(root, 'garden', 'mulch.md'), '# Mulch\n\nMulch keeps the compost moist.\n');
	t.is((await md.run(['update', '-C', 'garden'])).exitCode, 0);
	const after = await pane.until('the new document among the results', text => text.includes('garden/mulch.md'), 30_000);
	t.regex(after, /garden: 3 docs/);
});

test('a daemon that went away shows once, with r to restart it; not "No results" and the error twice', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.json(['ingest-dir', garden(), '-C', 'garden']);
	const pane = await startTui(t, md);
	process.kill(md.record()!.pid, 'SIGKILL');
	await keys(pane, '-l', 'compost');
	// Both the daemon's state and the search's answer are in: the box no longer shows a search on its way.
	const screen = await pane.until('the daemon down, the search answered', text => text.includes('daemon down') && text.includes('garden · hybrid') && !text.includes('… garden'), 30_000);
	t.is(count(screen, 'cannot reach the md-vector daemon'), 1, screen);
	t.regex(screen, /daemon down \(r: restart\): cannot reach the md-vector daemon/);
	t.false(screen.includes('No results'), screen);
	await keys(pane, 'Escape', 'r');
	await pane.until('results from a new daemon', text => text.includes('garden/compost.md') && /^ok /m.test(text), 60_000);
});
