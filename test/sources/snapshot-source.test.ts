import {utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {sha256} from '../../daemon/engine/hash.js';
import {snapshotSource, type KnownFile} from '../../daemon/engine/sources/snapshot-source.js';
import {makeTree} from '../helpers/file-tree.js';
import {untilStampable} from '../helpers/settled-files.js';

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

	// Same size, same mtime, new content: the inode change time (which no tool sets back) tells.
	writeFileSync(path.join(root, 'a.md'), '# Z\n');
	utimesSync(path.join(root, 'a.md'), fixedTime, fixedTime);
	const restored = await snapshotSource(root, {known});
	t.is(restored.files.find(file => file.path === 'a.md')!.contentHash, sha256('# Z\n'));
	t.is(restored.read, 2, 'a.md, and b.md changed since `known`');
	// Recorded before stamps had it (no ctime): only a watcher's report makes such a file read again.
	const legacy = new Map<string, KnownFile>(first.files.map(file => [file.path, {...file, ctimeMs: null}]));
	const stale = await snapshotSource(root, {known: legacy});
	t.is(stale.files.find(file => file.path === 'a.md')!.contentHash, sha256('# A\n'));
	const told = await snapshotSource(root, {known: legacy, reread: new Set(['a.md'])});
	t.is(told.files.find(file => file.path === 'a.md')!.contentHash, sha256('# Z\n'));
});

test('a file read well after its last change gets a stamp to record; one changed at its read does not', async t => {
	const root = makeTree({'old.md': '# Old\n', 'now.md': '# Now\n'});
	utimesSync(path.join(root, 'old.md'), 1_700_000_000.25, 1_700_000_000.25);
	// A modification time ahead of the read: as a second write in the same clock tick as the read would look.
	utimesSync(path.join(root, 'now.md'), (Date.now() / 1000) + 3600, (Date.now() / 1000) + 3600);
	await untilStampable([path.join(root, 'old.md')]);
	const snapshot = await snapshotSource(root);
	t.like(snapshot.files.find(file => file.path === 'old.md')!.stamp, {size: 6, mtimeMs: 1_700_000_000_250});
	t.is(snapshot.files.find(file => file.path === 'now.md')!.stamp, undefined);
});
