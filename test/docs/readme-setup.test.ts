// The README's two set-up commands are the ones CI runs on a fresh machine (.ci/run): the install, then the tests.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {repoRoot} from '../helpers/paths.js';

const commandsOf = (block: string) => block.split('\n').map(line => line.replace(/#.*/, '').trim()).filter(Boolean);

test('the README opens with the install and the test command, and .ci/run runs exactly those', t => {
	const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
	const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
	t.true(readme.indexOf('```sh') < readme.indexOf('\n## '), 'the commands come before the first section');
	t.deepEqual(commandsOf(firstBlock), ['bash scripts/install.sh', 'npm test']);
	const ci = commandsOf(readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8'));
	t.true(ci.includes('bash scripts/install.sh'), '.ci/run installs as the README says');
	t.is(ci.at(-1), 'npm test', '.ci/run ends with the README\'s test command');
});
