import test from 'ava';
import {checkLabel, defaultLabel, documentName, locateInSources, sourceOverlap, type SourceRef} from '../../daemon/engine/sources/document-names.js';

const notes: SourceRef = {id: 1, label: 'notes', path: '/home/u/notes'};
const work: SourceRef = {id: 2, label: 'work', path: '/home/u/work'};

test('one source: names are paths relative to it; more: each prefixed with its source\'s label', t => {
	t.is(documentName([notes], notes, 'sub/a.md'), 'sub/a.md');
	t.is(documentName([notes, work], notes, 'sub/a.md'), 'notes/sub/a.md');
	t.is(documentName([notes, work], work, 'a.md'), 'work/a.md');
	// Two folders with the same relative names never collide.
	t.not(documentName([notes, work], notes, 'a.md'), documentName([notes, work], work, 'a.md'));
});

test('default labels come from the folder\'s name, cleaned and made unique', t => {
	t.is(defaultLabel('/home/u/notes', []), 'notes');
	t.is(defaultLabel('/home/u/notes/', ['notes']), 'notes-2');
	t.is(defaultLabel('/x/notes', ['notes', 'notes-2']), 'notes-3');
	t.is(defaultLabel('/x/My Notes (old)', []), 'My-Notes--old-');
	t.is(defaultLabel('/x/.obsidian', []), 'obsidian');
	t.is(defaultLabel('/', []), 'source');
});

test('labels are checked: which field, which rule', t => {
	t.is(checkLabel('notes-2024.v1'), 'notes-2024.v1');
	for (const bad of ['', '.hidden', 'a/b', 'x'.repeat(65), 'sp ace']) {
		t.throws(() => checkLabel(bad), {message: /^label: must be 1-64 characters/}, bad);
	}
});

test('a file is located in the source that holds it, with its path relative to that source', t => {
	t.deepEqual(locateInSources([notes, work], '/home/u/work/sub/c.md'), {source: work, relativePath: 'sub/c.md'});
	t.is(locateInSources([notes, work], '/home/u/notes-old/c.md'), undefined); // a sibling with a shared prefix
	t.is(locateInSources([notes], '/home/u/notes'), undefined);
});

test('a folder that is, holds or lies in a source cannot be added as another', t => {
	t.regex(sourceOverlap([notes], '/home/u/notes')!, /already a source.*'notes'/);
	t.regex(sourceOverlap([notes], '/home/u/notes/sub')!, /lies inside the source \/home\/u\/notes/);
	t.regex(sourceOverlap([notes], '/home/u')!, /holds the source \/home\/u\/notes/);
	t.is(sourceOverlap([notes], '/home/u/notes-old'), undefined);
	t.is(sourceOverlap([notes, work], '/home/u/other'), undefined);
});
