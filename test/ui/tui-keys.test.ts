// Keys: how Ink's reads become keys (fast typing, pastes, Esc+key), and which binding of the keymap each runs.
import test from 'ava';
import {createKeyReader, type KeyPress} from '../../source/ui/tui/key-press.js';
import {bindingFor, hintsFor, keymap, type Effects, type KeyContext} from '../../source/ui/tui/keymap.js';
import {reduce, type Action} from '../../source/ui/tui/reduce.js';
import {initialState, scopeOf, type State} from '../../source/ui/tui/tui-state.js';
import {hit} from './fake-client.js';

const names = (presses: KeyPress[]) => presses.map(press => (press.name === 'text' || press.name === 'paste' ? `${press.name}:${press.text}` : press.name));

test('a run of keys typed faster than the app reads is split: Enter after text is still Enter', t => {
	const read = createKeyReader();
	t.deepEqual(names(read('all\r')), ['text:a', 'text:l', 'text:l', 'enter']);
	t.deepEqual(names(read('ab\tc\u007F\u0015')), ['text:a', 'text:b', 'tab', 'text:c', 'backspace', 'ctrl-u']);
	t.deepEqual(names(read('é😀')), ['text:é', 'text:😀']);
	t.deepEqual(names(read('\u001B[A')), ['up']);
	t.deepEqual(names(read('\u001BOB')), ['down'], 'application cursor mode');
	t.deepEqual(names(read('\u001B[6~')), ['pagedown']);
	t.deepEqual(names(read('\u001B[Z')), ['shift-tab']);
	t.deepEqual(names(read('\u001B[1;5A')), [], 'keys the TUI has no use for are ignored, not typed');
});

test('Esc and a key in one read are Esc, then the key, punctuation too (Ink\'s useInput drops that Esc)', t => {
	const read = createKeyReader();
	t.deepEqual(names(read('\u001B')), ['escape']);
	t.deepEqual(names(read('\u001Bj')), ['escape', 'text:j']);
	t.deepEqual(names(read('\u001B]')), ['escape', 'text:]']);
	t.deepEqual(names(read('\u001B?')), ['escape', 'text:?']);
	t.deepEqual(names(read('\u001B\u001B[A')), ['escape', 'up']);
});

test('a bracketed paste is one text, line breaks as spaces; a final line break is Enter', t => {
	const read = createKeyReader();
	t.deepEqual(read('\u001B[200~'), []);
	t.deepEqual(read('/data/notes\r'), []);
	t.deepEqual(names(read('\u001B[201~')), ['paste:/data/notes', 'enter']);
	t.deepEqual(names([...read('\u001B[200~'), ...read('two\r\nlines\tand q'), ...read('\u001B[201~')]), ['paste:two lines and q'], 'q inside a paste is text, not quit');
});

function context(state: State, dispatched: Action[], effects: Partial<Effects> = {}): KeyContext {
	return {
		state,
		dispatch(action) {
			dispatched.push(action);
		},
		effects: effects as Effects,
		hit: hit('a.md', 'text'),
		resultCount: 3,
		collections: ['alpha', 'notes', 'work'],
		sources: [],
		panes: ['search', 'results'],
		collectionsShown: false,
		previewRows: 10,
		previewMax: 30,
	};
}

/** Runs keys through the keymap from `state`, applying what they dispatch, as the app does. */
function press(state: State, keys: KeyPress[], effects: Partial<Effects> = {}): {state: State; actions: Action[]} {
	const actions: Action[] = [];
	let current = state;
	for (const key of keys) {
		const dispatched: Action[] = [];
		bindingFor(scopeOf(current), key)?.run(context(current, dispatched, effects), key);
		actions.push(...dispatched);
		for (const action of dispatched) {
			current = reduce(current, action);
		}
	}

	return {state: current, actions};
}

const text = (characters: string): KeyPress[] => [...characters].map(character => ({name: 'text', text: character}));
const key = (name: string): KeyPress => ({name, text: ''});

test('in the search box letters are typed (q does not quit); in the results they are commands', t => {
	const quit: string[] = [];
	const typed = press(initialState('notes'), text('qjm'), {quit: () => quit.push('quit')});
	t.is(typed.state.query, 'qjm');
	t.deepEqual(quit, []);
	const browsing = press(initialState('notes'), [key('escape'), ...text('jm+'), key('pagedown')], {quit: () => quit.push('quit')});
	t.like(browsing.state, {focus: 'results', selected: 1, mode: 'semantic', topK: 15, previewOffset: 9});
	press(browsing.state, text('q'), {quit: () => quit.push('quit')});
	t.deepEqual(quit, ['quit']);
});

test('the ingest dialog owns every key: fast typing then Enter starts with the whole text', t => {
	const started: string[] = [];
	const {state} = press(initialState('notes'), [key('escape'), ...text('i'), ...text('/data/sm'), ...text('all'), key('enter')], {
		startIngest: (directory, collection) => started.push(`${directory} -> ${collection}`),
	});
	t.deepEqual(started, ['/data/small -> notes']);
	t.is(state.query, '', 'nothing leaked into the search box');
	const refused = press(initialState('notes'), [key('escape'), ...text('i'), key('enter')]).state;
	t.like(refused.dialog, {error: 'directory: type the folder to ingest (Tab completes)'});
	const badName = press(initialState('notes'), [key('escape'), ...text('i/data'), key('down'), key('ctrl-u'), ...text('a b'), key('enter')]).state;
	t.regex((badName.dialog as {error: string}).error, /^collection: must be 1-128 characters/);
});

test('the delete dialog deletes on y only; any other key keeps the document', t => {
	const deleted: string[] = [];
	const asked = press(initialState('notes'), [key('escape'), ...text('d')]).state;
	t.like(asked.dialog, {kind: 'delete', file: 'a.md', collection: 'notes'});
	press(asked, text('y'), {deleteDocument: file => deleted.push(file)});
	t.deepEqual(deleted, ['a.md']);
	const kept = press(asked, [key('enter')]).state;
	t.like(kept, {dialog: undefined, message: {text: 'nothing deleted'}});
});

test('Tab moves through the panes that show; [ and ] switch collection around the list', t => {
	t.is(press(initialState('notes'), [key('tab')]).state.focus, 'results');
	t.is(press(initialState('notes'), [key('tab'), key('tab')]).state.focus, 'search', 'the hidden collections pane is skipped');
	t.is(press(initialState('notes'), [key('escape'), ...text(']')]).state.collection, 'work');
	t.is(press(initialState('notes'), [key('escape'), ...text(']]')]).state.collection, 'alpha', 'wraps around');
	t.is(press(initialState('notes'), [key('escape'), ...text('[')]).state.collection, 'alpha');
});

test('every binding names its keys, scopes and help; dialogs get their hint line from the table', t => {
	for (const binding of keymap) {
		t.true(binding.keys.length > 0 && binding.when.length > 0 && binding.label.length > 0 && binding.help.length > 0, binding.label);
	}

	t.is(hintsFor('ingest'), 'Tab complete · ↑↓ field · Enter start · Esc close');
	t.is(hintsFor('delete'), 'y delete · n keep');
	t.is(bindingFor('search', {name: 'text', text: 'q'})?.help, 'search as you type');
	t.is(bindingFor('results', {name: 'text', text: 'q'})?.help, 'quit');
	t.is(bindingFor('results', {name: 'text', text: 'Z'}), undefined, 'an unbound key does nothing');
});
