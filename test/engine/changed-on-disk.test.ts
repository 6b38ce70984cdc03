// changed_on_disk from the file stamp recorded at ingest (daemon/engine/documents/changed-on-disk.ts): a file
// whose size, mtime and ctime are those recorded is not read; any other stamp makes it read and compared.
import {utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {fileChanged} from '../../daemon/engine/documents/changed-on-disk.js';
import {openEngine} from '../helpers/engine.js';
import {makeTree} from '../helpers/file-tree.js';
import {untilStampable} from '../helpers/settled-files.js';

const hitsOf = async (engine: ReturnType<typeof openEngine>['engine'], query: string) => ((await engine.search({query, collection: 'n', mode: 'keyword', topK: 10})).results
	.map(hit => [hit.fileName, hit.changedOnDisk] as const).sort(([a], [b]) => a.localeCompare(b)));

test('changed_on_disk stays right: same size new content, touched without a change, an mtime set back, gone; a stamp that matches is trusted without a read', async t => {
	const root = makeTree({'same.md': '# Same\n\nalpha', 'touch.md': '# Touch\n\nalpha', 'back.md': '# Back\n\nalpha', 'gone.md': '# Gone\n\nalpha'});
	const files = ['same.md', 'touch.md', 'back.md', 'gone.md'].map(name => path.join(root, name));
	await untilStampable(files);
	const {engine} = openEngine();
	t.teardown(async () => engine.close());
	await engine.ingestDirectory('n', {directory: root, mode: 'default'});
	await engine.ingest({collection: 'n', fileName: 'inline.md', content: '# Inline\n\nalpha'});
	const recorded = (await engine.document('n', 'touch.md'))!;
	t.like(recorded, {fileSize: 14}, 'the stamp was recorded at ingest');
	t.deepEqual(await hitsOf(engine, 'alpha'), [['back.md', false], ['gone.md', false], ['inline.md', null], ['same.md', false], ['touch.md', false]]);

	// The stamp is trusted: a document whose recorded hash is not its file's is still "unchanged" while its stamp is the file's...
	t.false(await fileChanged({...recorded, contentHash: 'not the hash of the file'}));
	// ...and without a stamp the file is read and its hash compared.
	t.true(await fileChanged({...recorded, fileSize: null, contentHash: 'not the hash of the file'}));

	const {mtime, atime} = await import('node:fs/promises').then(async fs => fs.stat(files[2]!));
	writeFileSync(files[0]!, '# Same\n\nALPHA'); // same size, new bytes, new mtime
	utimesSync(files[1]!, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000)); // touched: same bytes
	writeFileSync(files[2]!, '# Back\n\nOMEGA');
	utimesSync(files[2]!, atime, mtime); // the old mtime set back (touch -r): only the ctime tells
	writeFileSync(files[3]!, '# Gone\n\nalpha, and more'); // different size
	t.deepEqual(await hitsOf(engine, 'alpha'), [['back.md', true], ['gone.md', true], ['inline.md', null], ['same.md', true], ['touch.md', false]]);
	t.true((await engine.getDocument('n', 'same.md', {})).changedOnDisk, 'get says the same');
	t.false((await engine.getDocument('n', 'touch.md', {})).changedOnDisk);
});
