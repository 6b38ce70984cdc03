// The TUI's state machine, as a pure function: every key's effect on the state, without a terminal.
import test from 'ava';
import {reduce, type Action} from '../../source/ui/tui/reduce.js';
import {initialState, scopeOf, type State} from '../../source/ui/tui/tui-state.js';
import {openIngest} from '../../source/ui/tui/ingest-form.js';
import type {Job} from '../../source/client/api-types.js';

function run(state: State, ...actions: Action[]): State {
	let current = state;
	for (const action of actions) {
		current = reduce(current, action);
	}

	return current;
}

test('typing, erasing and clearing edit the query; a character is erased whole', t => {
	const state = run(initialState(), {type: 'type', text: 'ab'}, {type: 'type', text: 'ç'}, {type: 'type', text: '😀'});
	t.is(state.query, 'abç😀');
	t.is(run(state, {type: 'erase'}).query, 'abç', 'an emoji (two UTF-16 units) goes in one backspace');
	t.is(run(state, {type: 'clear'}).query, '');
});

test('the first collection list opens the remembered one, else default, else the first; never overrides a chosen one', t => {
	const names = ['alpha', 'default', 'keps'];
	t.is(run(initialState(), {type: 'collections-listed', names, remembered: 'keps'}).collection, 'keps');
	t.is(run(initialState(), {type: 'collections-listed', names, remembered: 'gone'}).collection, 'default', 'a remembered collection that no longer exists');
	t.is(run(initialState(), {type: 'collections-listed', names: ['beta', 'alpha'], remembered: undefined}).collection, 'beta', 'the daemon\'s first, not the alphabetical first');
	t.is(run(initialState(), {type: 'collections-listed', names: [], remembered: undefined}).collection, undefined);
	t.is(run(initialState('new-one'), {type: 'collections-listed', names, remembered: 'keps'}).collection, 'new-one', '-C wins, even for a collection not created yet');
});

test('selection stays within the results and resets the preview scroll; new results select the first', t => {
	let state = run(initialState(), {type: 'select', step: 1, count: 3}, {type: 'select', step: 1, count: 3}, {type: 'select', step: 1, count: 3});
	t.is(state.selected, 2);
	state = run(state, {type: 'scroll-preview', step: 5, max: 7});
	t.is(state.previewOffset, 5);
	t.is(run(state, {type: 'scroll-preview', step: 5, max: 7}).previewOffset, 7, 'no further than the last page');
	t.is(run(state, {type: 'scroll-preview', step: -9, max: 7}).previewOffset, 0);
	t.like(run(state, {type: 'select', step: -1, count: 3}), {selected: 1, previewOffset: 0});
	t.like(run(state, {type: 'results'}), {selected: 0, previewOffset: 0});
	t.is(run(initialState(), {type: 'select', step: -1, count: 0}).selected, 0, 'no results: nothing to move to');
});

test('mode cycles through the contract\'s modes; top-k moves by 5 within 5-100', t => {
	t.deepEqual([1, 2, 3].map(count => run(initialState(), ...Array.from({length: count}, () => ({type: 'next-mode'}) as const)).mode), ['semantic', 'keyword', 'hybrid']);
	t.is(run(initialState(), {type: 'top-k', step: 1}).topK, 15);
	t.is(run(initialState(), {type: 'top-k', step: -1}, {type: 'top-k', step: -1}).topK, 5);
	t.is(run(initialState(), ...Array.from({length: 30}, () => ({type: 'top-k', step: 1}) as const)).topK, 100);
});

test('hiding the collections pane moves the focus off it', t => {
	const state = run(initialState(), {type: 'show-collections', shown: true}, {type: 'focus', focus: 'collections'}, {type: 'show-collections', shown: false});
	t.like(state, {showCollections: false, focus: 'results'});
});

test('dialogs take the keys (scope) and typing goes into the ingest dialog\'s active field', t => {
	let state = run(initialState('notes'), {type: 'type', text: 'q'}, {type: 'open', dialog: openIngest('notes')});
	t.is(scopeOf(state), 'ingest');
	state = run(state, {type: 'type', text: '~/sm'}, {type: 'type', text: 'all'});
	t.like(state.dialog, {directory: '~/small', collection: 'notes'});
	t.is(state.query, 'q', 'the search box is left alone');
	state = run(state, {type: 'ingest-field'}, {type: 'clear'}, {type: 'type', text: 'fresh'});
	t.like(state.dialog, {directory: '~/small', collection: 'fresh', field: 'collection'});
	state = run(state, {type: 'ingest-error', error: 'directory: no such folder'});
	t.like(state.dialog, {error: 'directory: no such folder'});
	t.like(run(state, {type: 'type', text: 'x'}).dialog, {error: undefined}, 'an edit clears the error it answered');
});

test('Tab completion replaces the active field; a running job ignores typing; done opens the collection it filled', t => {
	let state = run(initialState('notes'), {type: 'open', dialog: openIngest('notes')}, {type: 'type', text: '/da'});
	state = run(state, {type: 'ingest-completed', value: '/data/', choices: []});
	t.like(state.dialog, {directory: '/data/'});
	state = run(state, {type: 'ingest-completed', value: '/data/k', choices: ['keps', 'kube']});
	t.like(state.dialog, {directory: '/data/k', choices: ['keps', 'kube']});
	state = run(state, {type: 'ingest-progress', job: 'starting'});
	t.is(scopeOf(state), 'ingest-running');
	t.is(run(state, {type: 'type', text: 'zzz'}), state);
	const job = {id: 'j', state: 'running'} as unknown as Job;
	state = run(state, {type: 'ingest-progress', job});
	t.like(state.dialog, {job});
	const done = run(state, {type: 'ingest-done', message: {text: 'ingested', error: false}, collection: 'fresh'});
	t.like(done, {dialog: undefined, collection: 'fresh', revision: state.revision + 1, message: {text: 'ingested', error: false}});
	t.is(scopeOf(done), 'search');
});

test('close sets the message; open clears an old one; the help and delete dialogs are scopes', t => {
	const state = run(initialState('notes'), {type: 'message', message: {text: 'old', error: true}}, {type: 'open', dialog: {kind: 'help', offset: 0}});
	t.like(state, {message: undefined});
	t.is(scopeOf(state), 'help');
	t.like(run(state, {type: 'scroll-help', step: 1, max: 3}, {type: 'scroll-help', step: 5, max: 3}).dialog, {kind: 'help', offset: 3});
	t.like(run(state, {type: 'scroll-help', step: -1, max: 3}).dialog, {kind: 'help', offset: 0});
	t.is(scopeOf(run(state, {type: 'open', dialog: {kind: 'delete', file: 'a.md', collection: 'notes'}})), 'delete');
	t.like(run(state, {type: 'close', message: {text: 'nothing deleted', error: false}}), {dialog: undefined, message: {text: 'nothing deleted'}});
});

test('ingest actions without the ingest dialog change nothing', t => {
	const state = initialState('notes');
	for (const action of [{type: 'ingest-field'}, {type: 'ingest-error', error: 'x'}, {type: 'ingest-progress', job: 'starting'}] as Action[]) {
		t.is(reduce(state, action), state, action.type);
	}
});
