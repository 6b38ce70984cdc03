import test from 'ava';
import {pairEditedMoves, similarity} from '../../daemon/engine/sources/edited-moves.js';
import type {DiskFile, StoredDocument, SyncPlan} from '../../daemon/engine/sources/sync-plan-types.js';

const file = (name: string): DiskFile => ({sourceId: 1, relativePath: name, absolutePath: `/notes/${name}`, name, contentHash: `new:${name}`});
const document = (name: string): StoredDocument => ({name, contentHash: `old:${name}`, sourceId: 1, relativePath: name, sourcePath: `/notes/${name}`});
const plan = (added: DiskFile[], removed: StoredDocument[]): SyncPlan => ({added, changed: [], moved: [], renamed: [], removed, unchanged: [], conflicts: []});
const lines = (...texts: string[]) => texts.map(text => `${text}\n`).join('');

const guide = lines('# Guide', '', 'Install the tools.', 'Run the setup.', 'Check the logs.', 'Done.');
const texts = (files: Record<string, string>, stored: Record<string, string | undefined>) => ({
	file: async (entry: DiskFile) => files[entry.name],
	stored: async (entry: StoredDocument) => stored[entry.name],
});

test('a new file sharing most lines with a removed document is that document moved and edited', async t => {
	const before = plan([file('docs/guide.md'), file('new.md')], [document('guide.md'), document('old.md')]);
	const after = await pairEditedMoves(before, texts(
		{'docs/guide.md': `${guide}One more line.\n`, 'new.md': lines('# New', 'Nothing alike.')},
		{'guide.md': guide, 'old.md': lines('# Old', 'Other words.')},
	));
	t.deepEqual(after.moved.map(entry => [entry.previousName, entry.name, entry.edited]), [['guide.md', 'docs/guide.md', true]]);
	t.deepEqual(after.added.map(entry => entry.name), ['new.md']);
	t.deepEqual(after.removed.map(entry => entry.name), ['old.md']);
});

test('the best pairs are made first; texts that cannot be read, or too many comparisons, pair nothing', async t => {
	const a = lines('alpha one', 'alpha two', 'alpha three', 'alpha four');
	const b = lines('beta one', 'beta two', 'beta three', 'beta four');
	const crossed = await pairEditedMoves(plan([file('x.md'), file('y.md')], [document('a.md'), document('b.md')]), texts(
		{'x.md': `${b}beta five\n`, 'y.md': `${a}alpha five\n`},
		{'a.md': a, 'b.md': b},
	));
	t.deepEqual(crossed.moved.map(entry => `${entry.previousName}->${entry.name}`), ['b.md->x.md', 'a.md->y.md']);

	const unreadable = await pairEditedMoves(plan([file('x.md')], [document('a.md')]), texts({'x.md': a}, {'a.md': undefined}));
	t.deepEqual(unreadable.moved, [], 'a document stored without its text');
	const capped = await pairEditedMoves(plan([file('x.md')], [document('a.md')]), texts({'x.md': a}, {'a.md': a}), {similarity: 0.5, maxComparisons: 0});
	t.deepEqual(capped.moved, []);
	t.is(similarity({counts: new Map(), total: 0}, {counts: new Map(), total: 0}), 0);
});

test('below half the lines in common: a removal and an addition', async t => {
	const after = await pairEditedMoves(plan([file('x.md')], [document('a.md')]), texts(
		{'x.md': lines('one', 'two', 'three', 'four', 'five', 'six')},
		{'a.md': lines('one', 'two', 'seven', 'eight', 'nine', 'ten')},
	));
	t.deepEqual([after.moved.length, after.added.length, after.removed.length], [0, 1, 1]);
});
