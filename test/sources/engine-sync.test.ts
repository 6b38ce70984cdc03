// The engine's folder sources with a real store and the tiny model (counted): what a sync writes, renames,
// removes and reports, and what it embeds.
import {realpathSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {countingEmbedder, loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {openEngine} from '../helpers/engine.js';
import {makeTree} from '../helpers/file-tree.js';

const stored = async (engine: ReturnType<typeof openEngine>['engine'], collection: string) => (await engine.documents(collection)).map(document => document.file).sort();

test('ingest-dir adds a source and syncs it; update follows deletes, adds, changes and moves; moves keep their vectors', async t => {
	const embedder = countingEmbedder(await loadTinyEmbedder());
	const {engine} = openEngine(embedder);
	const root = makeTree({'a.md': '# A\n\nalpha', 'b.md': '# B\n\nbravo', 'sub/c.md': '# C\n\ncharlie', '.gitignore': 'drafts/\n', 'drafts/d.md': '# D', 'notes.txt': 'x', 'sub/loop': {symlink: '..'}});
	const first = await engine.ingestDirectory('n', {directory: root, mode: 'default'});
	t.deepEqual(await stored(engine, 'n'), ['a.md', 'b.md', 'sub/c.md']);
	const part = first.sync!.collections[0]!.sources[0]!;
	t.deepEqual(part.added, ['a.md', 'b.md', 'sub/c.md']);
	t.like(part.skipped, {ignored: 1, not_markdown: 1, symlink_loop: 1, hidden: 1});
	t.is(first.indexed, 3);

	rmSync(path.join(root, 'b.md'));
	writeFileSync(path.join(root, 'e.md'), '# E\n\necho');
	writeFileSync(path.join(root, 'a.md'), '# A\n\nalpha, edited');
	renameSync(path.join(root, 'sub', 'c.md'), path.join(root, 'sub', 'c2.md'));
	writeFileSync(path.join(root, 'bad.md'), Buffer.from([0x23, 0x20, 0xFF, 0xFE]));
	const before = embedder.embedded;
	const second = await engine.update('n', {mode: 'default'});
	const report = second.sync!.collections[0]!.sources[0]!;
	t.deepEqual({added: report.added, changed: report.changed, removed: report.removed, moved: report.moved, renamed: report.renamed}, {
		added: ['e.md'], changed: ['a.md'], removed: ['b.md'], moved: [{from: 'sub/c.md', to: 'sub/c2.md', edited: false}], renamed: [],
	});
	t.like(second, {indexed: 2, moved: 1, unchanged: 0, failed: 1});
	t.like(second.files.find(outcome => outcome.file === 'sub/c2.md'), {status: 'moved', from: 'sub/c.md', chunks: 1});
	t.like(await engine.document('n', 'sub/c2.md'), {sourcePath: path.join(realpathSync(root), 'sub', 'c2.md'), relativePath: 'sub/c2.md'});
	t.deepEqual(report.failed.map(entry => entry.file), ['bad.md']);
	t.regex(report.failed[0]!.error, /not UTF-8/);
	t.deepEqual(await stored(engine, 'n'), ['a.md', 'e.md', 'sub/c2.md']);
	t.is(embedder.embedded - before, 2, 'only the new text of a.md and e.md is embedded; the move keeps its vectors');

	const third = await engine.update(undefined, {mode: 'default'});
	t.like(third.sync!.collections[0]!.sources[0]!, {added: [], changed: [], removed: [], unchanged: 3});
	t.is(embedder.embedded - before, 2);
	const [source] = await engine.sources('n');
	t.like(source!.lastSync, {added: 0, unchanged: 3, failed: 1});

	// --force embeds every file again, unchanged ones too.
	const forced = await engine.update('n', {mode: 'force'});
	t.like(forced, {indexed: 3, unchanged: 0, failed: 1});
	t.is(embedder.embedded - before, 2 + 3);
	await engine.close();
});

test('a file ingested alone is adopted by its folder; a second folder prefixes both sources\' names; a missing folder loses nothing', async t => {
	const {engine} = openEngine(countingEmbedder(await loadTinyEmbedder()));
	const fresh = makeTree({'a.md': '# A', 'sub/c.md': '# C'});
	await engine.ingest({collection: 'f', content: '# C', fileName: 'c.md', sourcePath: path.join(fresh, 'sub', 'c.md'), nameFromPath: true});
	const first = await engine.ingestDirectory('f', {directory: fresh, mode: 'default'});
	t.deepEqual(await stored(engine, 'f'), ['a.md', 'sub/c.md']);
	t.deepEqual(first.sync!.collections[0]!.sources[0]!.renamed, [{from: 'c.md', to: 'sub/c.md', adopted: true}]);
	await engine.ingest({collection: 'f', content: '# C', fileName: 'c.md', sourcePath: path.join(fresh, 'sub', 'c.md'), nameFromPath: true});
	t.deepEqual(await stored(engine, 'f'), ['a.md', 'sub/c.md'], 'a file of a source keeps its name in the source');

	const other = makeTree({'a.md': '# Other A'});
	const label = path.basename(fresh);
	const second = await engine.ingestDirectory('f', {directory: other, mode: 'default', label: 'other'});
	t.deepEqual(await stored(engine, 'f'), [`${label}/a.md`, `${label}/sub/c.md`, 'other/a.md'].sort());
	t.is(second.sync!.collections[0]!.sources.find(part => part.label === label)!.renamed.length, 2);

	rmSync(other, {recursive: true});
	const third = await engine.update('f', {mode: 'default'});
	const missing = third.sync!.collections[0]!.sources.find(part => part.label === 'other')!;
	t.regex(missing.error!, /missing/);
	t.deepEqual(missing.removed, []);
	t.true((await stored(engine, 'f')).includes('other/a.md'));
	await engine.close();
});
