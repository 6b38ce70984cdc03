// Exports carry what restores a collection (issue 26 item 2), through the real CLI and daemons: its folder
// sources and each document's place in one and its text. Imported back into the collection it came from, the
// next update finds nothing to do (no conflicts); imported into another home, the sources come back (a folder
// missing there is kept and reported as missing); an export of the old format still imports as before.
import {readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli, type Cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';
import {repoRoot, temporaryDirectory} from '../helpers/paths.js';

type SourcePart = {path: string; added: string[]; changed: string[]; removed: string[]; moved: unknown[]; renamed: unknown[]; conflicts: unknown[]; unchanged: number; error: string | null};

const documents = async (md: Cli, collection: string): Promise<string[]> =>
	(await md.json(['documents', '-C', collection])).documents.map((document: {file: string}) => document.file).sort();

const sourcesOf = async (md: Cli, collection: string): Promise<Array<{path: string; label: string; documents: number; exclude: string[]; hidden: boolean}>> =>
	(await md.json(['collection', 'sources', collection])).sources;

/** The update's report of each source of the collection, and its exit code. */
async function update(md: Cli, collection: string): Promise<{exitCode: number; parts: SourcePart[]; stdout: string}> {
	const result = await md.run(['update', '-C', collection, '--json']);
	const job = JSON.parse(String(result.stdout));
	return {exitCode: result.exitCode!, parts: job.report.sync.collections[0].sources, stdout: String(result.stdout)};
}

function garden(): string {
	return realpathSync(makeTree({
		'compost.md': '# Compost\n\nTurn the compost heap every week.\n',
		'beds/tomatoes.md': '# Tomatoes\n\nTomatoes need full sun and deep watering.\n',
		'.hidden-notes/seeds.md': '# Seeds\n\nSow basil in April.\n',
	}));
}

test('an export imported back into its collection reconciles: no conflicts at the next update, the source counts its documents, get and hits work', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = garden();
	await md.json(['ingest-dir', root, '-C', 'garden', '--exclude', 'drafts', '--hidden']);
	const file = path.join(temporaryDirectory(), 'garden.json');
	t.is((await md.run(['export', '-C', 'garden', '-o', file])).exitCode, 0);

	const imported = await md.json(['import', file]);
	t.like(imported, {status: 'ok', collection: 'garden', documents: 3, sources: [{path: root, label: path.basename(root), added: false, missing: false}]});
	const plain = await md.run(['import', file]);
	t.is(plain.exitCode, 0, String(plain.stderr));
	t.regex(String(plain.stdout), /^imported 3 documents, \d+ chunks into 'garden'\n/);
	t.regex(String(plain.stdout), new RegExp(`${root} +label ${path.basename(root)}, already followed, its documents reconciled$`, 'm'), 'what became of the source, said');

	const after = await update(md, 'garden');
	t.is(after.exitCode, 0, after.stdout);
	t.like(after.parts[0], {added: [], changed: [], removed: [], moved: [], renamed: [], conflicts: [], unchanged: 3, error: null});
	t.like((await sourcesOf(md, 'garden'))[0], {path: root, documents: 3, exclude: ['drafts'], hidden: true});
	const got = await md.run(['get', 'beds/tomatoes.md', '-C', 'garden']);
	t.is(got.exitCode, 0, String(got.stderr));
	t.regex(String(got.stdout), /Tomatoes need full sun/);
	const hit = (await md.json(['search', 'compost heap', '-C', 'garden', '--mode', 'keyword', '-k', '1'])).results[0];
	t.like(hit, {source_file: 'compost.md', source_path: path.join(root, 'compost.md'), changed_on_disk: false});
});

test('imported into another home, the sources come back with their settings; a folder missing there is kept and reported missing', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = garden();
	const gone = realpathSync(makeTree({'pond.md': '# Pond\n\nFrogs arrive in March.\n'}));
	await md.json(['ingest-dir', root, '-C', 'garden', '--hidden', '--label', 'garden']);
	await md.json(['ingest-dir', gone, '-C', 'garden', '--label', 'pond']);
	const file = path.join(temporaryDirectory(), 'garden.jsonl');
	t.is((await md.run(['export', '-C', 'garden', '-f', 'jsonl', '-o', file])).exitCode, 0);
	rmSync(gone, {recursive: true});

	const other = cli();
	t.teardown(other.stop);
	const imported = await other.run(['import', file, '-C', 'yard']);
	t.is(imported.exitCode, 0, String(imported.stderr));
	t.regex(String(imported.stdout), /imported 4 documents, \d+ chunks into 'yard'/);
	t.regex(String(imported.stdout), new RegExp(`${gone} +label pond, added, followed from now on; missing here`), 'the missing folder is said');
	t.regex(String(imported.stdout), new RegExp(`${root} +label garden, added, followed from now on$`, 'm'));
	t.deepEqual(await documents(other, 'yard'), ['garden/.hidden-notes/seeds.md', 'garden/beds/tomatoes.md', 'garden/compost.md', 'pond/pond.md']);
	const sources = await sourcesOf(other, 'yard');
	t.like(sources, [{path: root, label: 'garden', documents: 3, hidden: true}, {path: gone, label: 'pond', documents: 1}]);

	const got = await other.run(['get', 'pond/pond.md', '-C', 'yard']);
	t.is(got.exitCode, 0, String(got.stderr));
	t.regex(String(got.stdout), /Frogs arrive in March/, 'the stored text, though its folder is gone');

	writeFileSync(path.join(root, 'compost.md'), '# Compost\n\nTurn the compost heap every week, and water it.\n');
	const after = await update(other, 'yard');
	t.is(after.exitCode, 1, 'a source folder that is missing fails the update, as for any collection');
	t.like(after.parts[0], {path: root, changed: ['garden/compost.md'], added: [], removed: [], conflicts: [], unchanged: 2, error: null});
	t.like(after.parts[1], {path: gone, removed: [], conflicts: []});
	t.regex(after.parts[1]!.error!, /missing.*nothing of this source was removed/);
	t.deepEqual(await documents(other, 'yard'), ['garden/.hidden-notes/seeds.md', 'garden/beds/tomatoes.md', 'garden/compost.md', 'pond/pond.md']);
});

test('an export of the old format (version 1: no sources, no texts) still imports as before', async t => {
	const md = cli();
	t.teardown(md.stop);
	for (const name of ['v1-notes.json', 'v1-notes.jsonl']) {
		const file = path.join(repoRoot, 'test', 'fixtures', 'exports', name);
		t.is(JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!.replace(/,"documents":\[$/, '}')).version, 1, 'the fixture is of the old format');
		const collection = name.replace('.', '-');
		t.like(await md.json(['import', file, '-C', collection]), {status: 'ok', collection, documents: 2, chunks: 3, sources: []});
		t.deepEqual(await documents(md, collection), ['garden/compost.md', 'kitchen.md']);
		t.like((await md.json(['search', 'lentil soup', '-C', collection, '-k', '1'])).results[0], {source_file: 'kitchen.md', source_path: null});
	}
});

test('imported into a collection that follows another folder: the folders are both followed, names take their labels, a taken label gets -2', async t => {
	const md = cli();
	t.teardown(md.stop);
	const home = realpathSync(makeTree({'a.md': '# A\n\nalpha at home\n'}));
	const away = garden();
	await md.json(['ingest-dir', home, '-C', 'mixed', '--label', 'notes']);
	await md.json(['ingest-dir', away, '-C', 'away', '--label', 'notes', '--hidden']);
	const file = path.join(temporaryDirectory(), 'away.json');
	t.is((await md.run(['export', '-C', 'away', '-o', file])).exitCode, 0);

	const imported = await md.json(['import', file, '-C', 'mixed']);
	t.like(imported, {collection: 'mixed', documents: 3, renamed: 1, sources: [{path: away, label: 'notes-2', added: true, missing: false}]});
	t.deepEqual(await documents(md, 'mixed'), ['notes-2/.hidden-notes/seeds.md', 'notes-2/beds/tomatoes.md', 'notes-2/compost.md', 'notes/a.md']);
	const after = await update(md, 'mixed');
	t.is(after.exitCode, 0, after.stdout);
	for (const part of after.parts) {
		t.like(part, {added: [], changed: [], removed: [], moved: [], renamed: [], conflicts: [], error: null});
	}
});
