// docs/commands.md names every command and every option of the command table: one added without the page fails here.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {commands} from '../../source/command-table/table.js';
import {repoRoot} from '../helpers/paths.js';

test('docs/commands.md: every command of the table, with each of its options', t => {
	const page = readFileSync(path.join(repoRoot, 'docs', 'commands.md'), 'utf8');
	const missing = commands.flatMap(spec => [
		...(page.includes(`\`${spec.name}`) ? [] : [`md-vector ${spec.name}`]),
		...(spec.options ?? []).filter(option => !page.includes(`--${option.name}`)).map(option => `md-vector ${spec.name} --${option.name}`),
	]);
	t.deepEqual(missing, []);
});
