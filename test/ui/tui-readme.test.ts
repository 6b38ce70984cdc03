// The key table of docs/terminal-ui.md is the keymap's: a binding added, changed or removed without the page fails here.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {keymap} from '../../source/ui/tui/keymap.js';
import type {Scope} from '../../source/ui/tui/tui-state.js';
import {repoRoot} from '../helpers/paths.js';

const places: Record<Scope, string> = {
	search: 'search box', results: 'results', collections: 'collections', help: 'help',
	delete: 'delete dialog', ingest: 'ingest dialog', 'ingest-running': 'ingest running',
};

test('docs/terminal-ui.md: one row per binding, in the keymap\'s order, with its keys, where it applies and what it does', t => {
	const readme = readFileSync(path.join(repoRoot, 'docs', 'terminal-ui.md'), 'utf8');
	const table = readme.slice(readme.indexOf('| key | where | action |')).split('\n\n')[0]!.split('\n').slice(2);
	const escape = (text: string) => text.replaceAll('|', String.raw`\|`);
	const expected = keymap.map(binding => {
		const where = binding.when.length === Object.keys(places).length ? 'everywhere' : binding.when.map(scope => places[scope]).join(', ');
		return `| ${escape(binding.label)} | ${where} | ${escape(binding.help)} |`;
	});
	t.deepEqual(table, expected);
});
