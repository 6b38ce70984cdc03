// Which collection the TUI opens (`default`, the last used, -C NAME), r after the daemon was killed, and the
// status bar of a daemon still without a model (vectors waiting to be filled in).
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {keys, startTui} from '../helpers/tui-pane.js';

function notes(name: string): string {
	const root = temporaryDirectory(`md-vector-${name}-`);
	mkdirSync(path.join(root, name));
	writeFileSync(path.join(root, name, 'page.md'), `# ${name}\n\nA page about ${name} and its watering schedule.\n`);
	return root;
}

test('opens on default (not the alphabetically first), then on the last used; -C NAME wins; r restarts a killed daemon', async t => {
	const md = cli();
	t.teardown(md.stop);
	for (const name of ['alpha', 'default', 'keps']) {
		await md.json(['ingest-dir', notes(name), '-C', name]);
	}

	let pane = await startTui(t, md);
	await pane.until('default open', text => text.includes('default · hybrid'));
	await keys(pane, 'Escape', ']');
	await pane.until('the next collection', text => text.includes('keps · hybrid'));
	await keys(pane, 'q');
	await pane.until('the TUI gone', text => text.includes('TUI-EXITED 0'));
	await pane.kill();

	pane = await startTui(t, md);
	await pane.until('the last used collection open', text => text.includes('keps · hybrid'));
	await pane.kill();

	pane = await startTui(t, md, {args: ['-C', 'alpha']});
	await pane.until('the collection asked for', text => text.includes('alpha · hybrid'));
	const {pid} = md.record()!;
	process.kill(pid, 'SIGKILL');
	await pane.until('the daemon shown down', text => text.includes('daemon down'));
	await keys(pane, 'Escape', 'r');
	const restarted = await pane.until('a new daemon', text => /started the md-vector daemon \(pid \d+\)/.test(text) && /^ok /m.test(text));
	t.notRegex(restarted, new RegExp(String.raw`pid ${pid}\b`));
	t.not(md.record()?.pid, pid);
	await keys(pane, '/');
	await keys(pane, '-l', 'watering');
	const found = await pane.until('results from the new daemon', text => text.includes('alpha/page.md') && /last search \d+ ms/.test(text));
	t.regex(found, /A page about alpha and its watering/);
});

test('without a model: degraded with the reason, and the vectors still to fill in counted in the status bar', async t => {
	const md = cli({MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1'});
	t.teardown(md.stop);
	await md.json(['ingest-dir', notes('roses'), '-C', 'roses']);
	const pane = await startTui(t, md);
	const screen = await pane.until('the fill-in line', text => text.includes('vectors 0/'));
	t.regex(screen, /^degraded {2}vectors 0\/1 \(0%\), waiting for the model {2}roses: 1 doc · 1 chunk {2}\(could not load model/m);
});
