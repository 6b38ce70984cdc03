// Takes the README's picture of the real TUI: indexes the Kubernetes KEPs into a throw-away home, runs the built
// binary in a 100x30 tmux pane, types a query, and saves the pane as SVG (colours kept) and as plain text.
//   npm run screenshot [-- "query"]
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execa} from 'execa';
import {poll} from '../source/client/poll.js';
import {terminalSvg} from './terminal-svg.js';

const root = process.cwd();
const cli = path.join(root, 'dist', 'source', 'cli.js');
const corpus = path.resolve(root, '..', 'shared', 'data', 'kubernetes-keps', 'corpus');
const query = process.argv[2] ?? 'kubectl plugin';
const socket = `md-vector-screenshot-${process.pid}`;
const env = {
	MD_VECTOR_HOME: mkdtempSync(path.join(os.tmpdir(), 'md-vector-screenshot-')),
	MD_VECTOR_MODEL_DIR: process.env.MD_VECTOR_MODEL_DIR ?? path.join(root, 'test', 'fixtures', 'models', 'tiny'),
	MD_VECTOR_PORT: '0',
	MD_VECTOR_ALLOWED_ROOTS: corpus,
	TERM: 'xterm-256color',
};

const tmux = async (...arguments_: string[]) => String((await execa('tmux', ['-L', socket, ...arguments_])).stdout);
async function untilScreen(what: string, matches: (text: string) => boolean): Promise<void> {
	const seen = await poll(async () => matches(await tmux('capture-pane', '-p', '-t', 'tui')) || undefined, 60_000);
	if (!seen) {
		throw new Error(`the TUI never showed ${what}`);
	}
}

try {
	console.log(`indexing ${corpus} ...`);
	await execa('node', [cli, 'ingest-dir', corpus, '-C', 'keps', '--incremental', '--json'], {env: {...process.env, ...env}});
	const exports = Object.entries(env).map(([name, value]) => `${name}='${value}'`).join(' ');
	await tmux('new-session', '-d', '-s', 'tui', '-x', '100', '-y', '30', `env ${exports} node '${cli}'; sleep 600`);
	await untilScreen('the collection', text => text.includes('keps'));
	await tmux('send-keys', '-t', 'tui', '-l', query);
	await untilScreen('results and a ready model', text => /last search \d+ ms/.test(text) && /^ok /m.test(text));
	// Esc and a key sent together read as Alt+key: wait for the focus to leave the search box first.
	await tmux('send-keys', '-t', 'tui', 'Escape');
	await untilScreen('the focus on the results', text => text.includes('│   Search'));
	await tmux('send-keys', '-t', 'tui', 'j'); // the second hit, so the picture shows a selection moved by the keys
	await untilScreen('the second hit selected', text => /│ {3}[\d.]+ .*\n.*\n│.*│ › [\d.]+ /.test(text));
	const ansi = await tmux('capture-pane', '-p', '-e', '-t', 'tui');
	const text = await tmux('capture-pane', '-p', '-t', 'tui');
	writeFileSync(path.join(root, 'media', 'tui.svg'), terminalSvg(ansi));
	writeFileSync(path.join(root, 'media', 'tui-screen.txt'), `${text.trimEnd()}\n`);
	console.log('wrote media/tui.svg and media/tui-screen.txt');
} finally {
	await execa('tmux', ['-L', socket, 'kill-server'], {reject: false});
	await execa('node', [cli, 'stop'], {env: {...process.env, ...env}, reject: false});
}
