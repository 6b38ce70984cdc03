// Every page of docs/ is reachable: linked from the README (a user's pages) or from docs/development.md (the
// development notes), so none is written and then lost (issue 39 found two that were not).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {repoRoot} from '../helpers/paths.js';

test('every docs page is linked from the README or docs/development.md', t => {
	const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
	const development = readFileSync(path.join(repoRoot, 'docs', 'development.md'), 'utf8');
	const pages = readdirSync(path.join(repoRoot, 'docs')).filter(name => name.endsWith('.md'));
	t.true(pages.length > 5);
	const linked = (page: string) => readme.includes(`](docs/${page}`) || (page !== 'development.md' && development.includes(`](${page}`));
	t.deepEqual(pages.filter(page => !linked(page)), []);
});
