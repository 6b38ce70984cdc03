// ARCHITECTURE.md names files and folders of the repository; each must exist, so the map cannot drift from the
// code unnoticed (issue 39: it named a file that never existed and files outside the repository).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {repoRoot} from '../helpers/paths.js';
import {repoFiles} from './repo-files.js';

/** Backticked words that name a path: a folder (ends in /), a glob of files, or a file with a source or docs extension. */
function namedPaths(page: string): string[] {
	const words = [...page.matchAll(/`([^`\s]+)`/g)].map(([, word]) => word!);
	// Routes (/health) and build output (dist/, made by npm run build) are not files of the repository.
	return [...new Set(words.filter(word => !word.startsWith('/') && !word.startsWith('dist/') && (/\.(?:tsx?|md|js|cjs|json|sql)$/.test(word) || (word.endsWith('/') && word.length > 1))))];
}

/** Whether some file of the repository is at `name`, ends with it, or lies in a folder it names (`*` a file name's part). */
function exists(name: string, files: readonly string[]): boolean {
	const pattern = new RegExp(`(?:^|/)${name.split('*').map(part => part.replaceAll(/[.+?^${}()|[\]\\]/g, String.raw`\$&`)).join('[^/]*')}${name.endsWith('/') ? '' : '$'}`);
	return files.some(file => pattern.test(file));
}

test('every file and folder ARCHITECTURE.md names is in the repository', t => {
	const page = readFileSync(path.join(repoRoot, 'ARCHITECTURE.md'), 'utf8');
	const files = repoFiles();
	const names = namedPaths(page);
	t.true(names.length > 50, `only ${names.length} names found`);
	t.deepEqual(names.filter(name => name.startsWith('../')), [], 'names outside the repository (a clone has no ../shared)');
	t.deepEqual(names.filter(name => !name.startsWith('../') && !exists(name, files)), []);
});

test('a name that is not in the repository is found', t => {
	const files = ['daemon/engine/ingest/embed-documents.ts', 'common/wire/jobs.ts'];
	t.true(exists('ingest/embed-documents.ts', files));
	t.true(exists('common/wire/*.ts', files));
	t.true(exists('engine/ingest/', files));
	t.false(exists('insert-documents.ts', files));
	t.false(exists('ed-documents.ts', files));
	t.deepEqual(namedPaths('`a/b.ts` and `/health`, `x`, `folder/` and `../shared/DESIGN.md`'), ['a/b.ts', 'folder/', '../shared/DESIGN.md']);
});
