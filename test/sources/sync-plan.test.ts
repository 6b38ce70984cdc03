import test from 'ava';
import {planSync} from '../../daemon/engine/sources/sync-plan.js';
import type {DiskFile, StoredDocument, SyncPlan} from '../../daemon/engine/sources/sync-plan-types.js';

const root = '/notes';
/** A file of source 1 (or another) named by its relative path; `name` defaults to that path. */
const file = (relativePath: string, contentHash: string, more: Partial<DiskFile> = {}): DiskFile => ({
	sourceId: 1, relativePath, absolutePath: `${root}/${relativePath}`, name: relativePath, contentHash, ...more,
});
const owned = (name: string, contentHash: string, more: Partial<StoredDocument> = {}): StoredDocument => ({
	name, contentHash, sourceId: 1, relativePath: name, sourcePath: `${root}/${name}`, ...more,
});
const loose = (name: string, contentHash: string, sourcePath: string | null): StoredDocument => ({name, contentHash, sourceId: null, relativePath: null, sourcePath});

/** The plan as short strings, so a table row reads like the expected report. */
function summary(plan: SyncPlan) {
	const pair = (entry: {previousName: string; name: string; adopted: boolean}) => `${entry.previousName}->${entry.name}${entry.adopted ? ' (adopted)' : ''}`;
	return {
		added: plan.added.map(entry => entry.name),
		changed: plan.changed.map(entry => (entry.previousName === entry.name && !entry.adopted ? entry.name : pair(entry))),
		moved: plan.moved.map(entry => `${pair(entry)}${entry.edited ? ' (edited)' : ''}`),
		renamed: plan.renamed.map(pair),
		removed: plan.removed.map(entry => entry.name),
		unchanged: plan.unchanged.map(entry => (entry.adopted ? `${entry.name} (adopted)` : entry.name)),
		conflicts: plan.conflicts.map(entry => `${entry.name}: ${entry.reason}`),
	};
}

const none = {added: [], changed: [], moved: [], renamed: [], removed: [], unchanged: [], conflicts: []};

const table: Array<{title: string; disk: DiskFile[]; stored: StoredDocument[]; scope?: number[]; force?: boolean; expected: Partial<ReturnType<typeof summary>>}> = [
	{title: 'empty store: everything is added, in name order', disk: [file('b.md', 'h2'), file('a.md', 'h1')], stored: [], expected: {added: ['a.md', 'b.md']}},
	{title: 'nothing changed', disk: [file('a.md', 'h1')], stored: [owned('a.md', 'h1')], expected: {unchanged: ['a.md']}},
	{title: 'a deleted file is removed', disk: [file('a.md', 'h1')], stored: [owned('a.md', 'h1'), owned('b.md', 'h2')], expected: {unchanged: ['a.md'], removed: ['b.md']}},
	{title: 'every file deleted: all removed', disk: [], stored: [owned('b.md', 'h2'), owned('a.md', 'h1')], expected: {removed: ['a.md', 'b.md']}},
	{title: 'an edited file is changed', disk: [file('a.md', 'h1-new')], stored: [owned('a.md', 'h1')], expected: {changed: ['a.md']}},
	{title: 'a file at a new path with the same content is moved', disk: [file('new/a.md', 'h1')], stored: [owned('a.md', 'h1')], expected: {moved: ['a.md->new/a.md']}},
	{title: 'moved and edited: removed and added here (edited-moves.ts pairs them by their lines)', disk: [file('new/a.md', 'h1-new')], stored: [owned('a.md', 'h1')], expected: {added: ['new/a.md'], removed: ['a.md']}},
	{title: 'two files swap contents: two moves', disk: [file('a.md', 'h2'), file('b.md', 'h1')], stored: [owned('a.md', 'h1'), owned('b.md', 'h2')], expected: {moved: ['b.md->a.md', 'a.md->b.md']}},
	{
		title: 'a chain (mv b c; mv a b): two moves',
		disk: [file('b.md', 'hA'), file('c.md', 'hB')], stored: [owned('a.md', 'hA'), owned('b.md', 'hB')], expected: {moved: ['a.md->b.md', 'b.md->c.md']},
	},
	{
		title: 'a three-way rotation: three moves',
		disk: [file('a.md', 'hC'), file('b.md', 'hA'), file('c.md', 'hB')], stored: [owned('a.md', 'hA'), owned('b.md', 'hB'), owned('c.md', 'hC')],
		expected: {moved: ['c.md->a.md', 'a.md->b.md', 'b.md->c.md']},
	},
	{
		title: 'an edit beside a copy of the old text: the edited file keeps its document, the copy is added',
		disk: [file('a.md', 'h1-new'), file('copy.md', 'h1')], stored: [owned('a.md', 'h1')], expected: {changed: ['a.md'], added: ['copy.md']},
	},
	{
		title: 'a new file and an edited one both hold a vanished document\'s text: the new file takes it, the edited one keeps its own',
		disk: [file('a.md', 'h2'), file('b.md', 'h2')], stored: [owned('a.md', 'h1'), owned('gone.md', 'h2')],
		expected: {moved: ['gone.md->b.md'], changed: ['a.md']},
	},
	{
		title: 'moved across sources of one sync',
		disk: [file('a.md', 'h1', {sourceId: 2, absolutePath: '/w/a.md', name: 'w/a.md'})], stored: [owned('n/a.md', 'h1', {relativePath: 'a.md'})], scope: [1, 2],
		expected: {moved: ['n/a.md->w/a.md']},
	},
	{
		title: 'two copies of one content moved: paired in name order, the third copy added',
		disk: [file('y/1.md', 'same'), file('x/1.md', 'same'), file('z/1.md', 'same')],
		stored: [owned('b.md', 'same'), owned('a.md', 'same')],
		expected: {moved: ['a.md->x/1.md', 'b.md->y/1.md'], added: ['z/1.md']},
	},
	{title: 'a copy beside its unchanged original is added, not renamed', disk: [file('a.md', 'h1'), file('copy.md', 'h1')], stored: [owned('a.md', 'h1')], expected: {unchanged: ['a.md'], added: ['copy.md']}},
	{
		title: 'a second source: the first one\'s documents are relabelled (renamed, same content)',
		disk: [file('a.md', 'h1', {name: 'notes/a.md'}), file('a.md', 'h9', {sourceId: 2, absolutePath: '/work/a.md', name: 'work/a.md'})],
		stored: [owned('a.md', 'h1')],
		scope: [1, 2],
		expected: {renamed: ['a.md->notes/a.md'], added: ['work/a.md']},
	},
	{
		title: 'relabelled and edited: changed under its new name',
		disk: [file('a.md', 'h2', {name: 'notes/a.md'})], stored: [owned('a.md', 'h1')], expected: {changed: ['a.md->notes/a.md']},
	},
	{
		title: 'a loose document read from a file of the source is adopted under the source\'s name',
		disk: [file('sub/c.md', 'h3')], stored: [loose('c.md', 'h3', `${root}/sub/c.md`)], expected: {renamed: ['c.md->sub/c.md (adopted)']},
	},
	{title: 'adopted with the same name: unchanged', disk: [file('c.md', 'h3')], stored: [loose('c.md', 'h3', `${root}/c.md`)], expected: {unchanged: ['c.md (adopted)']}},
	{title: 'adopted and edited: changed', disk: [file('c.md', 'h4')], stored: [loose('c.md', 'h3', `${root}/c.md`)], expected: {changed: ['c.md->c.md (adopted)']}},
	{
		title: '--force: a file whose name a loose document holds takes it over (adopted), instead of a conflict',
		disk: [file('a.md', 'h1'), file('b.md', 'h2')], stored: [loose('a.md', 'h0', '/elsewhere/a.md'), loose('b.md', 'h2', null)], force: true,
		expected: {changed: ['a.md->a.md (adopted)'], unchanged: ['b.md (adopted)']},
	},
	{
		title: 'loose documents from elsewhere and inline content are never removed; a name they hold is a conflict',
		disk: [file('a.md', 'h1'), file('inline.md', 'h7')],
		stored: [loose('a.md', 'h0', '/elsewhere/a.md'), loose('inline.md', 'h7', null), loose('other.md', 'h8', '/elsewhere/other.md')],
		expected: {conflicts: ['a.md: a document outside this sync has this name', 'inline.md: a document outside this sync has this name']},
	},
	{
		title: 'documents of a source not being synced are left alone, and so is a file whose name one of them holds',
		disk: [file('a.md', 'h1', {name: 'x/a.md'})],
		stored: [owned('x/a.md', 'h5', {sourceId: 2, relativePath: 'a.md'}), owned('y.md', 'h6', {sourceId: 2, relativePath: 'y.md'})],
		expected: {conflicts: ['x/a.md: a document outside this sync has this name']},
	},
	{
		title: 'a conflicting file keeps its matched document (not removed)',
		disk: [file('a.md', 'h1', {name: 'taken.md'})], stored: [owned('a.md', 'h1'), loose('taken.md', 'h2', null)],
		expected: {conflicts: ['taken.md: a document outside this sync has this name']},
	},
	{
		title: 'two files of the sync with one name: the second is a conflict',
		disk: [file('a.md', 'h1', {name: 'same.md'}), file('b.md', 'h2', {name: 'same.md'})], stored: [],
		expected: {added: ['same.md'], conflicts: ['same.md: another file of this sync has the same name']},
	},
	{
		title: 'a new file may take the name of a document that goes away in the same sync',
		disk: [file('a.md', 'h2', {sourceId: 2, absolutePath: '/w/a.md'})], stored: [owned('a.md', 'h1')], scope: [1, 2],
		expected: {added: ['a.md'], removed: ['a.md']},
	},
];

for (const row of table) {
	test(`plan: ${row.title}`, t => {
		const plan = planSync(row.disk, row.stored, new Set(row.scope ?? [1]), {takeOver: row.force});
		t.deepEqual(summary(plan), {...none, ...row.expected});
	});
}

test('the plan does not depend on the order of its inputs', t => {
	const disk = [file('c.md', 'h3'), file('a.md', 'h1-new'), file('moved/b.md', 'h2'), file('d.md', 'h4')];
	const stored = [owned('b.md', 'h2'), owned('a.md', 'h1'), owned('gone.md', 'h5'), owned('c.md', 'h3')];
	const expected = planSync(disk, stored, new Set([1]));
	const rotate = <T>(list: T[]) => [...list.slice(2), ...list.slice(0, 2)];
	t.deepEqual(planSync(rotate(disk), rotate(stored), new Set([1])), expected);
	t.deepEqual(summary(expected), {...none, added: ['d.md'], changed: ['a.md'], moved: ['b.md->moved/b.md'], removed: ['gone.md'], unchanged: ['c.md']});
});

test('a file of a source outside the scope is a programming error', t => {
	t.throws(() => planSync([file('a.md', 'h1', {sourceId: 3})], [], new Set([1])), {message: /source 3, which is not being synced/});
});
