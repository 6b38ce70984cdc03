// Conflicts are failures (issue 26 item 2), through the real CLI and daemon: a sync that could not apply a file
// (a name taken by another document, a file too large, one that cannot be read) exits 1, and its report says
// what to do; doing it makes the next sync succeed.
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';

test('a conflict with a document ingested on its own exits 1 and names the fixes; --force takes the name over', async t => {
	const md = cli();
	t.teardown(md.stop);
	const elsewhere = makeTree({'a.md': '# Elsewhere\n\nfrom another folder\n'});
	const root = makeTree({'a.md': '# A\n\nalpha\n', 'b.md': '# B\n\nbravo\n'});
	await md.json(['ingest', path.join(elsewhere, 'a.md'), '-C', 'c']);

	const first = await md.run(['ingest-dir', root, '-C', 'c']);
	t.is(first.exitCode, 1, 'a conflict is a failure');
	t.regex(String(first.stderr), /md-vector: 1 file could not be synced \(1 conflict\): the report says why and what to do/);
	t.regex(String(first.stdout), /^ {2}conflict {3}a\.md: a document outside this sync has this name: it was ingested on its own; take the name over with md-vector update --force \(or ingest-dir --force\), remove the other document \(md-vector delete a\.md -C c\), or rename the file$/m);
	t.regex(String(first.stdout), /added {6}b\.md/);

	const json = await md.run(['update', '-C', 'c', '--json']);
	t.is(json.exitCode, 1);
	const job = JSON.parse(String(json.stdout));
	t.like(job, {state: 'completed'});
	t.is(job.report.sync.collections[0].sources[0].conflicts.length, 1);

	const forced = await md.run(['update', '-C', 'c', '--force']);
	t.is(forced.exitCode, 0, String(forced.stderr));
	const got = await md.json(['get', 'a.md', '-C', 'c']);
	t.like(got, {content: '# A\n\nalpha', source_path: path.join(root, 'a.md'), changed_on_disk: false}, 'the folder\'s file took the name over');
	t.is((await md.run(['update', '-C', 'c'])).exitCode, 0, 'and stays in sync');
});

test('a file too large or unreadable exits 1 with what to do; leaving it out makes the sync succeed', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = makeTree({'a.md': '# A\n\nalpha\n', 'broken.md': {symlink: 'missing.md'}, '.#a.md': {symlink: 'me@host.42'}});
	writeFileSync(path.join(root, 'big.md'), `# Big\n\n${'word '.repeat(110_000)}\n`);

	const first = await md.run(['ingest-dir', root, '-C', 'l']);
	t.is(first.exitCode, 1);
	t.regex(String(first.stderr), /md-vector: 2 files could not be synced \(1 too large, 1 unreadable\)/);
	t.regex(String(first.stdout), /^ {2}too large {2}big\.md: over 500 KB, not indexed; split it, or leave it out \(--exclude GLOB, or a line in \.mdvectorignore\)$/m);
	t.regex(String(first.stdout), /^ {2}unreadable broken\.md: could not be read; check its permissions \(a link: that its target exists\)$/m);
	t.notRegex(String(first.stdout), /\.#a\.md/, 'an editor\'s lock link is hidden, not a failure');

	rmSync(path.join(root, 'broken.md'));
	const excluded = await md.run(['ingest-dir', root, '-C', 'l', '--exclude', 'big.md']);
	t.is(excluded.exitCode, 0, String(excluded.stdout));
	t.deepEqual((await md.json(['documents', '-C', 'l'])).documents.map((document: {file: string}) => document.file), ['a.md']);
});
