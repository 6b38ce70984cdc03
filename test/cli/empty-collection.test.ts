// Deleting a collection's last document (issue 26 item 6): one rule for delete and remove-source, through the
// real CLI and daemon: a collection left with no document and no folder source is deleted, and both commands say
// so; a collection that follows a folder stays (it fills again at the next sync), and delete says the file comes back.
import path from 'node:path';
import test from 'ava';
import {cli, type Cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';

const names = async (md: Cli) => (await md.json(['collections'])).collections.map((entry: {name: string}) => entry.name);

test('delete and remove-source agree: an emptied collection without folders is deleted; one with a folder stays', async t => {
	const md = cli();
	t.teardown(md.stop);
	const loose = makeTree({'a.md': '# A\n\nalpha\n', 'b.md': '# B\n\nbravo\n'});
	await md.json(['ingest', path.join(loose, 'a.md'), '-C', 'solo']);
	await md.json(['ingest', path.join(loose, 'b.md'), '-C', 'solo']);
	t.like(await md.json(['delete', 'a.md', '-C', 'solo']), {collection_removed: false, source: null});
	t.deepEqual(await names(md), ['solo']);
	const last = await md.run(['delete', 'b.md', '-C', 'solo']);
	t.is(last.exitCode, 0);
	t.is(String(last.stdout), 'deleted b.md from \'solo\' (1 chunk)\ncollection \'solo\' had nothing left and was deleted');
	t.deepEqual(await names(md), [], 'as remove-source does');

	const folder = makeTree({'c.md': '# C\n\ncharlie\n'});
	await md.json(['ingest-dir', folder, '-C', 'followed']);
	const followed = await md.run(['delete', 'c.md', '-C', 'followed']);
	t.is(followed.exitCode, 0);
	t.is(String(followed.stdout), 'deleted c.md from \'followed\' (1 chunk)');
	t.regex(String(followed.stderr), new RegExp(String.raw`^note: c\.md is a file of the folder ${folder}, which 'followed' follows: the next update \(or watch\) indexes it again; to keep it out`, 'm'));
	t.deepEqual(await names(md), ['followed'], 'it follows a folder: kept, empty');
	t.like(await md.json(['update', '-C', 'followed']), {report: {indexed: 1}});

	const removed = await md.json(['collection', 'remove-source', 'followed', folder, '--yes']);
	t.like(removed, {deleted_documents: 1, collection_removed: true});
	t.deepEqual(await names(md), []);
});
