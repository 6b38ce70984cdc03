// Takes the README's picture of the real TUI: indexes a folder of the Kubernetes KEPs (SIG CLI's 36 files by
// default: a real model embeds them in a few minutes, the whole tree takes an hour on 2 cores) into a throw-away
// home, runs the built binary in a 100x30 tmux pane, types a query, and saves the pane as SVG (colours kept) and
// as plain text. The model is MD_VECTOR_MODEL_DIR's, else the random-weight test model.
//   npm run screenshot [-- "query" [folder]]
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execa} from 'execa';
import {startPane, type Pane} from '../test/helpers/tmux.js';
import {terminalSvg} from './terminal-svg.js';

const root = process.cwd();
const cli = path.join(root, 'dist', 'cli', 'md-vector.cjs');
const query = process.argv[2] ?? 'kubectl plugin';
const corpus = path.resolve(process.argv[3] ?? path.join(root, '..', 'shared', 'data', 'kubernetes-keps', 'corpus', 'keps', 'sig-cli'));
const env = {
	MD_VECTOR_HOME: mkdtempSync(path.join(os.tmpdir(), 'md-vector-screenshot-')),
	MD_VECTOR_MODEL_DIR: process.env.MD_VECTOR_MODEL_DIR ?? path.join(root, 'test', 'fixtures', 'models', 'tiny'),
	MD_VECTOR_PORT: '0',
	MD_VECTOR_ALLOWED_ROOTS: corpus,
	TERM: 'xterm-256color',
};

let pane: Pane | undefined;
try {
	console.log(`indexing ${corpus} ...`);
	await execa('node', [cli, 'ingest-dir', corpus, '-C', 'keps', '--incremental', '--json'], {env: {...process.env, ...env}});
	const exports = Object.entries(env).map(([name, value]) => `${name}='${value}'`).join(' ');
	pane = await startPane(`env ${exports} node '${cli}'`);
	await pane.until('the collection', text => text.includes('keps'), 60_000);
	await pane.run('send-keys', '-t', 'tui', '-l', query);
	await pane.until('results and a ready model', text => /last search \d+ ms/.test(text) && /^ok /m.test(text), 60_000);
	await pane.run('send-keys', '-t', 'tui', 'Escape', 'j'); // the second hit, so the picture shows a selection moved by the keys
	await pane.until('the second hit selected', text => /│ {3}[\d.]+ .*\n.*\n│ › [\d.]+ /.test(text));
	writeFileSync(path.join(root, 'media', 'tui.svg'), terminalSvg(await pane.screen(true)));
	writeFileSync(path.join(root, 'media', 'tui-screen.txt'), `${(await pane.screen()).trimEnd()}\n`);
	console.log('wrote media/tui.svg and media/tui-screen.txt');
} finally {
	await pane?.kill();
	await execa('node', [cli, 'stop'], {env: {...process.env, ...env}, reject: false});
}
