// The scenario at the level of phase A's modules: real folders walked and hashed, names from the
// sources, plans applied to an in-memory store. The store ends holding exactly the files on disk.
import {renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {documentName, defaultLabel, type SourceRef} from '../../daemon/engine/sources/document-names.js';
import {snapshotSource} from '../../daemon/engine/sources/snapshot-source.js';
import {planSync} from '../../daemon/engine/sources/sync-plan.js';
import type {StoredDocument, SyncPlan} from '../../daemon/engine/sources/sync-plan-types.js';
import {makeTree} from '../helpers/file-tree.js';

/** Applies a plan as phase B's store will: removals, renames, then adds and changes. */
function apply(store: Map<string, StoredDocument>, plan: SyncPlan): void {
	for (const document of plan.removed) {
		store.delete(document.name);
	}

	const moved = [...plan.moved, ...plan.renamed, ...plan.changed, ...plan.unchanged.filter(entry => entry.adopted)];
	for (const entry of moved) {
		store.delete(entry.previousName); // step one of the two-step rename: off their old names first
	}

	for (const file of [...moved, ...plan.added]) {
		store.set(file.name, {name: file.name, contentHash: file.contentHash, sourceId: file.sourceId, relativePath: file.relativePath, sourcePath: file.absolutePath});
	}
}

async function sync(store: Map<string, StoredDocument>, sources: readonly SourceRef[]): Promise<SyncPlan> {
	const disk = [];
	for (const source of sources) {
		const snapshot = await snapshotSource(source.path);
		disk.push(...snapshot.files.map(file => ({
			sourceId: source.id, relativePath: file.path, absolutePath: file.absolutePath, name: documentName(sources, source, file.path), contentHash: file.contentHash,
		})));
	}

	const plan = planSync(disk, [...store.values()], new Set(sources.map(source => source.id)));
	apply(store, plan);
	return plan;
}

const names = (list: ReadonlyArray<{name: string}>) => list.map(entry => entry.name);

test('delete, add, change, rename, a second folder with the same names, a symlink loop, a .gitignored folder', async t => {
	const notesDir = makeTree({
		'a.md': '# A', 'b.md': '# B', 'sub/c.md': '# C', '.gitignore': 'drafts/\n', 'drafts/d.md': '# D', 'sub/loop': {symlink: '..'},
	});
	const notes: SourceRef = {id: 1, label: defaultLabel(notesDir, []), path: (await snapshotSource(notesDir)).root};
	// A file ingested on its own before (stored under its base name, loose) is taken over, not duplicated.
	const store = new Map<string, StoredDocument>([['c.md', {name: 'c.md', contentHash: 'old', sourceId: null, relativePath: null, sourcePath: path.join(notes.path, 'sub', 'c.md')}]]);

	const first = await sync(store, [notes]);
	t.deepEqual(names(first.added), ['a.md', 'b.md']);
	t.deepEqual(first.changed.map(entry => `${entry.previousName}->${entry.name}`), ['c.md->sub/c.md']);
	t.deepEqual([...store.keys()].sort(), ['a.md', 'b.md', 'sub/c.md']);

	rmSync(path.join(notesDir, 'b.md'));
	writeFileSync(path.join(notesDir, 'e.md'), '# E');
	writeFileSync(path.join(notesDir, 'a.md'), '# A, edited');
	renameSync(path.join(notesDir, 'sub', 'c.md'), path.join(notesDir, 'sub', 'c2.md'));
	const second = await sync(store, [notes]);
	const report = {added: names(second.added), changed: names(second.changed), removed: names(second.removed), moved: second.moved.map(entry => `${entry.previousName}->${entry.name}`)};
	t.deepEqual(report, {added: ['e.md'], changed: ['a.md'], removed: ['b.md'], moved: ['sub/c.md->sub/c2.md']});

	const workDir = makeTree({'a.md': '# Work A', 'sub/c2.md': '# Work C2'});
	const work: SourceRef = {id: 2, label: defaultLabel(workDir, [notes.label]), path: (await snapshotSource(workDir)).root};
	const third = await sync(store, [notes, work]);
	t.is(third.renamed.length, 3, 'the first folder\'s documents take its label, keeping their vectors');
	t.deepEqual(third.conflicts, []);
	const expected = [`${notes.label}/a.md`, `${notes.label}/e.md`, `${notes.label}/sub/c2.md`, `${work.label}/a.md`, `${work.label}/sub/c2.md`].sort();
	t.deepEqual([...store.keys()].sort(), expected);

	const again = await sync(store, [notes, work]);
	t.is(again.unchanged.length, 5);
	t.deepEqual([again.added, again.changed, again.moved, again.renamed, again.removed], [[], [], [], [], []]);
});
