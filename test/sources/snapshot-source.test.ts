import {utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {sha256} from '../../daemon/engine/hash.js';
import {snapshotSource, type KnownFile} from '../../daemon/engine/sources/snapshot-source.js';
import {makeTree} from '../helpers/file-tree.js';

test('hashes every file as the engine does, and reads only files whose size or mtime changed', async t => {
	const root = makeTree({'a.md': '# A\n', 'b.md': '# B\n', 'sub/c.md': '# C\n', 'skip.txt': 'x'});
	const fixedTime = 1_700_000_000; // whole seconds: set again exactly after an edit
	utimesSync(path.join(root, 'a.md'), fixedTime, fixedTime);
	const first = await snapshotSource(root);
	t.deepEqual(first.files.map(file => [file.path, file.contentHash]), [['a.md', sha256('# A\n')], ['b.md', sha256('# B\n')], ['sub/c.md', sha256('# C\n')]]);
	t.is(first.read, 3);
	t.is(first.skipped.counts.not_markdown, 1);

	const known = new Map<string, KnownFile>(first.files.map(file => [file.path, file]));
	writeFileSync(path.join(root, 'b.md'), '# B changed\n');
	const second = await snapshotSource(root, {known});
	t.is(second.read, 1);
	t.is(second.files.find(file => file.path === 'b.md')!.contentHash, sha256('# B changed\n'));

	// Same size, same mtime, new content: only a watcher's report makes it read again.
	writeFileSync(path.join(root, 'a.md'), '# Z\n');
	utimesSync(path.join(root, 'a.md'), fixedTime, fixedTime);
	const stale = await snapshotSource(root, {known});
	t.is(stale.files.find(file => file.path === 'a.md')!.contentHash, sha256('# A\n'));
	const told = await snapshotSource(root, {known, reread: new Set(['a.md'])});
	t.is(told.files.find(file => file.path === 'a.md')!.contentHash, sha256('# Z\n'));
});
