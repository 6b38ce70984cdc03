import type {SearchResult, SourceEntry} from '../../client/api-types.js';
import {defaultCollection} from '../../../common/search-defaults.js';
import {explainText} from '../explain-text.js';
import type {KeyPress} from './key-press.js';
import {followedFile} from './followed-file.js';
import {formProblem, openIngest} from './ingest-form.js';
import {helpRows} from './help-rows.js';
import type {Action} from './reduce.js';
import type {Focus, Scope, State} from './tui-state.js';

/** What a key may do beyond changing the state: the app's effects (the daemon, the editor, the file system). */
export type Effects = {
	quit(): void;
	openEditor(hit: SearchResult): void;
	deleteDocument(file: string, collection: string): void;
	startIngest(directory: string, collection: string): void;
	cancelIngest(): void;
	/** Tab in the ingest dialog: completes the field being typed in. */
	complete(): void;
	reconnect(): void;
};

/** What a binding sees when its key comes. */
export type KeyContext = {
	readonly state: State;
	readonly dispatch: (action: Action) => void;
	readonly effects: Effects;
	/** The selected result. */
	readonly hit: SearchResult | undefined;
	readonly resultCount: number;
	/** Collection names, in the daemon's order. */
	readonly collections: readonly string[];
	/** The folders the current collection follows. */
	readonly sources: readonly SourceEntry[];
	/** The panes Tab moves through (the collections pane only while it shows). */
	readonly panes: readonly Focus[];
	/** Whether the collections pane shows now. */
	readonly collectionsShown: boolean;
	/** Text rows of the preview, for PgUp / PgDn. */
	readonly previewRows: number;
	/** The last first-line the preview can scroll to. */
	readonly previewMax: number;
};

export type Binding = {
	/** Key names (key-press.ts) or characters; `text`: any typed character; `any`: any key at all. */
	readonly keys: readonly string[];
	/** Where the binding applies. */
	readonly when: readonly Scope[];
	/** The keys as the help shows them. */
	readonly label: string;
	/** What it does, for the help and docs/terminal-ui.md. */
	readonly help: string;
	/** A word or two for a dialog's line of key hints. */
	readonly hint?: string;
	readonly run: (context: KeyContext, press: KeyPress) => void;
};

const panes: Scope[] = ['search', 'results', 'collections'];
const lists: Scope[] = ['results', 'collections'];
const upward = new Set(['up', 'k', 'pageup', '[', '-', 'shift-tab']);
const stepOf = (press: KeyPress) => (upward.has(press.name) || upward.has(press.text) ? -1 : 1);

/** A binding's run that dispatches one action, made from the key and the context when it needs them. */
function act(make: Action | ((press: KeyPress, context: KeyContext) => Action)) {
	return (context: KeyContext, press: KeyPress) => {
		context.dispatch(typeof make === 'function' ? make(press, context) : make);
	};
}

/** A binding's run that calls one of the app's effects. */
function call(effect: 'quit' | 'cancelIngest' | 'complete' | 'reconnect') {
	return ({effects}: KeyContext) => {
		effects[effect]();
	};
}

function cyclePane({panes, state, dispatch}: KeyContext, step: number) {
	const at = Math.max(0, panes.indexOf(state.focus));
	dispatch({type: 'focus', focus: panes[(at + step + panes.length) % panes.length]!});
}

function switchCollection({collections, state, dispatch}: KeyContext, step: number) {
	if (collections.length > 0) {
		const at = collections.indexOf(state.collection ?? '');
		const next = at === -1 && step < 0 ? collections.length - 1 : (at + step + collections.length) % collections.length;
		dispatch({type: 'collection', name: collections[next]!});
	}
}

function startIngest({state, dispatch, effects}: KeyContext) {
	if (state.dialog?.kind !== 'ingest') {
		return;
	}

	const problem = formProblem(state.dialog);
	if (problem) {
		dispatch({type: 'ingest-error', error: problem});
	} else {
		effects.startIngest(state.dialog.directory.trim(), state.dialog.collection);
	}
}

/** Every key of the TUI: the handler runs the first binding that matches, and the help lists this table. */
export const keymap: readonly Binding[] = [
	{keys: ['ctrl-c'], when: [...panes, 'help', 'delete', 'ingest', 'ingest-running'], label: 'Ctrl-C', help: 'quit', run: call('quit')},

	// The search box: typing goes here.
	{keys: ['text', 'paste'], when: ['search'], label: 'type', help: 'search as you type', run: act(press => ({type: 'type', text: press.text}))},
	{keys: ['backspace'], when: ['search'], label: 'Backspace', help: 'erase the last character', run: act({type: 'erase'})},
	{keys: ['ctrl-u'], when: ['search'], label: 'Ctrl-U', help: 'clear the search box', run: act({type: 'clear'})},
	{keys: ['up', 'down'], when: ['search'], label: '↑ ↓', help: 'select a result while typing', run: act((press, {resultCount}) => ({type: 'select', step: stepOf(press), count: resultCount}))},
	{keys: ['enter', 'escape'], when: ['search'], label: 'Enter Esc', help: 'go to the results', run: act({type: 'focus', focus: 'results'})},

	// The panes.
	{keys: ['tab', 'shift-tab'], when: panes, label: 'Tab Shift-Tab', help: 'next / previous pane', run(context, press) {
		cyclePane(context, stepOf(press));
	}},
	{keys: ['pageup', 'pagedown'], when: ['search', 'results'], label: 'PgUp PgDn', help: 'scroll the preview', run: act((press, {previewRows, previewMax}) => ({type: 'scroll-preview', step: stepOf(press) * Math.max(1, previewRows - 1), max: previewMax}))},
	{keys: ['up', 'down', 'j', 'k'], when: ['results'], label: '↑ ↓ j k', help: 'select a result', run: act((press, {resultCount}) => ({type: 'select', step: stepOf(press), count: resultCount}))},
	{keys: ['up', 'down', 'j', 'k'], when: ['collections'], label: '↑ ↓ j k', help: 'switch collection', run(context, press) {
		switchCollection(context, stepOf(press));
	}},
	{
		keys: ['enter'], when: ['results'], label: 'Enter', help: 'open in $VISUAL / $EDITOR at its line', run({hit, effects}) {
			if (hit) {
				effects.openEditor(hit);
			}
		},
	},
	// Esc never lands in the search box (Esc then q would type q into the query): / goes there.
	{keys: ['enter', '/'], when: ['collections'], label: 'Enter /', help: 'search this collection', run: act({type: 'focus', focus: 'search'})},
	{keys: ['escape'], when: ['collections'], label: 'Esc', help: 'to the results', run: act({type: 'focus', focus: 'results'})},
	{keys: ['/'], when: ['results'], label: '/', help: 'back to the search box', run: act({type: 'focus', focus: 'search'})},
	{
		keys: ['paste'], when: lists, label: 'paste', help: 'search for the pasted text', run({dispatch}, press) {
			dispatch({type: 'focus', focus: 'search'});
			dispatch({type: 'type', text: press.text});
		},
	},
	{keys: ['m'], when: lists, label: 'm', help: 'mode: hybrid → semantic → keyword', run: act({type: 'next-mode'})},
	{keys: ['+', '=', '-'], when: lists, label: '+ -', help: 'more / fewer results (top-k)', run: act(press => ({type: 'top-k', step: stepOf(press)}))},
	{keys: ['[', ']'], when: lists, label: '[ ]', help: 'previous / next collection', run(context, press) {
		switchCollection(context, stepOf(press));
	}},
	{keys: ['c'], when: lists, label: 'c', help: 'show / hide the collections pane', run: act((_press, {collectionsShown}) => ({type: 'show-collections', shown: !collectionsShown}))},
	{
		keys: ['d'], when: ['results'], label: 'd', help: 'delete its document (asks first)', run({hit, state, dispatch, sources}) {
			if (hit && state.collection) {
				dispatch({type: 'open', dialog: {kind: 'delete', file: hit.source_file, collection: state.collection, source: followedFile(hit, sources)}});
			}
		},
	},
	{
		keys: ['e'], when: lists, label: 'e', help: 'explain how it ranked', run({hit, dispatch}) {
			if (hit) {
				dispatch({type: 'message', message: {text: hit.explain ? `${hit.source_file}: ${explainText(hit.explain)}` : 'this daemon does not explain rankings (md-vector restart)', error: false}});
			}
		},
	},
	{keys: ['i'], when: lists, label: 'i', help: 'ingest a folder (a new collection too)', run: act((_press, {state}) => ({type: 'open', dialog: openIngest(state.collection ?? defaultCollection)}))},
	{keys: ['r'], when: lists, label: 'r', help: 'reconnect; restarts a stopped daemon', run: call('reconnect')},
	{keys: ['?'], when: lists, label: '?', help: 'this help', run: act({type: 'open', dialog: {kind: 'help', offset: 0}})},
	{keys: ['q'], when: lists, label: 'q', help: 'quit', run: call('quit')},

	// Dialogs.
	{keys: ['up', 'down', 'j', 'k'], when: ['help'], label: '↑ ↓ j k', help: 'scroll the help (on short terminals)', run: act(press => ({type: 'scroll-help', step: stepOf(press), max: helpRows(keymap).length - 1}))},
	{keys: ['any'], when: ['help'], label: 'any other key', help: 'close the help', run: act({type: 'close'})},
	{
		keys: ['y', 'Y'], when: ['delete'], label: 'y', help: 'delete the document', hint: 'delete', run({state, effects}) {
			if (state.dialog?.kind === 'delete') {
				effects.deleteDocument(state.dialog.file, state.dialog.collection);
			}
		},
	},
	{keys: ['any'], when: ['delete'], label: 'n', help: 'keep it (any other key too)', hint: 'keep', run: act({type: 'close', message: {text: 'nothing deleted', error: false}})},
	{keys: ['text', 'paste'], when: ['ingest'], label: 'type', help: 'edit the field', run: act(press => ({type: 'type', text: press.text}))},
	{keys: ['backspace'], when: ['ingest'], label: 'Backspace', help: 'erase the last character', run: act({type: 'erase'})},
	{keys: ['ctrl-u'], when: ['ingest'], label: 'Ctrl-U', help: 'clear the field', run: act({type: 'clear'})},
	{keys: ['tab'], when: ['ingest'], label: 'Tab', help: 'complete the folder (or collection) name', hint: 'complete', run: call('complete')},
	{keys: ['up', 'down', 'shift-tab'], when: ['ingest'], label: '↑↓', help: 'directory or collection field (a new name creates it)', hint: 'field', run: act({type: 'ingest-field'})},
	{keys: ['enter'], when: ['ingest'], label: 'Enter', help: 'start the ingest', hint: 'start', run: startIngest},
	{keys: ['escape'], when: ['ingest'], label: 'Esc', help: 'close the dialog', hint: 'close', run: act({type: 'close', message: {text: 'ingest cancelled', error: false}})},
	{keys: ['escape'], when: ['ingest-running'], label: 'Esc', help: 'cancel the ingest (files done so far are kept)', hint: 'cancel (done files are kept)', run: call('cancelIngest')},
];

function matches(binding: Binding, press: KeyPress): boolean {
	return binding.keys.includes(press.name) || (press.name === 'text' && binding.keys.includes(press.text)) || binding.keys.includes('any');
}

/** The binding a key runs in a scope, if any. */
export function bindingFor(scope: Scope, press: KeyPress, table: readonly Binding[] = keymap): Binding | undefined {
	return table.find(binding => binding.when.includes(scope) && matches(binding, press));
}

/** The bindings of a scope that have a hint: a dialog's line of keys. */
export function hintsFor(scope: Scope, table: readonly Binding[] = keymap): string {
	return table.filter(binding => binding.when.includes(scope) && binding.hint).map(binding => `${binding.label} ${binding.hint}`).join(' · ');
}
