import type {Job} from '../../client/api-types.js';
import {defaultCollection, searchLimits, searchModes} from '../../../common/search-defaults.js';
import {editField, type IngestForm} from './ingest-form.js';
import type {Dialog, Focus, Message, State} from './tui-state.js';

/** What can happen to the state; `type` is typed or pasted text, into the search box or the ingest dialog's field. */
export type Action
	= | {readonly type: 'type'; readonly text: string}
		| {readonly type: 'erase'}
		| {readonly type: 'clear'}
		| {readonly type: 'focus'; readonly focus: Focus}
		| {readonly type: 'select'; readonly step: number; readonly count: number}
		/** Scrolls the help by `step` rows, to at most `max`. */
		| {readonly type: 'scroll-help'; readonly step: number; readonly max: number}
		/** Scrolls the preview by `step` lines, to at most `max` (its lines less the rows that show). */
		| {readonly type: 'scroll-preview'; readonly step: number; readonly max: number}
		| {readonly type: 'collection'; readonly name: string}
		| {readonly type: 'next-mode'}
		| {readonly type: 'top-k'; readonly step: number}
		| {readonly type: 'show-collections'; readonly shown: boolean}
		| {readonly type: 'open'; readonly dialog: Dialog}
		| {readonly type: 'close'; readonly message?: Message}
		| {readonly type: 'message'; readonly message: Message | undefined}
		/** Search again with the same parameters. */
		| {readonly type: 'refresh'}
		/** New results arrived: the first one is selected. */
		| {readonly type: 'results'}
		/** The daemon's collections; the first list picks where to open (`remembered`, else `default`, else the first). */
		| {readonly type: 'collections-listed'; readonly names: readonly string[]; readonly remembered: string | undefined}
		| {readonly type: 'ingest-field'}
		| {readonly type: 'ingest-completed'; readonly value: string; readonly choices: readonly string[]}
		| {readonly type: 'ingest-error'; readonly error: string}
		| {readonly type: 'ingest-progress'; readonly job: Job | 'starting'}
		/** The job ended: the dialog closes and the collection it filled is opened. */
		| {readonly type: 'ingest-done'; readonly message: Message; readonly collection: string};

const topKStep = 5;

type Handlers = {readonly [Type in Action['type']]: (state: State, action: Extract<Action, {type: Type}>) => State};

function ingestForm(state: State): IngestForm | undefined {
	return state.dialog?.kind === 'ingest' ? state.dialog : undefined;
}

/** Text typed goes into the ingest dialog's field while it is open (and not running), else into the search box. */
function edit(state: State, change: (text: string) => string): State {
	const form = ingestForm(state);
	if (form) {
		return form.job ? state : {...state, dialog: editField(form, change)};
	}

	return {...state, query: change(state.query)};
}

/** Changes the ingest dialog; nothing when it is not open. */
function withForm(state: State, change: (form: IngestForm) => Partial<IngestForm>): State {
	const form = ingestForm(state);
	return form ? {...state, dialog: {...form, ...change(form)}} : state;
}

function firstCollection(names: readonly string[], remembered: string | undefined): string | undefined {
	if (remembered && names.includes(remembered)) {
		return remembered;
	}

	return names.includes(defaultCollection) ? defaultCollection : names[0];
}

const handlers: Handlers = {
	type: (state, {text}) => edit(state, value => value + text),
	erase: state => edit(state, value => [...value].slice(0, -1).join('')),
	clear: state => edit(state, () => ''),
	focus: (state, {focus}) => ({...state, focus}),
	select(state, {step, count}) {
		const selected = Math.max(0, Math.min(count - 1, state.selected + step));
		return selected === state.selected ? state : {...state, selected, previewOffset: 0};
	},
	'scroll-preview': (state, {step, max}) => ({...state, previewOffset: Math.max(0, Math.min(max, state.previewOffset + step))}),
	'scroll-help': (state, {step, max}) => (state.dialog?.kind === 'help'
		? {...state, dialog: {kind: 'help', offset: Math.max(0, Math.min(max, state.dialog.offset + step))}}
		: state),
	collection: (state, {name}) => ({...state, collection: name, selected: 0, previewOffset: 0}),
	'next-mode': state => ({...state, mode: searchModes[(searchModes.indexOf(state.mode) + 1) % searchModes.length]!}),
	'top-k': (state, {step}) => ({...state, topK: Math.max(topKStep, Math.min(searchLimits.topKMax, state.topK + (step * topKStep)))}),
	'show-collections': (state, {shown}) => ({...state, showCollections: shown, focus: !shown && state.focus === 'collections' ? 'results' : state.focus}),
	open: (state, {dialog}) => ({...state, dialog, message: undefined}),
	close: (state, {message}) => ({...state, dialog: undefined, message}),
	message: (state, {message}) => (state.message === message ? state : {...state, message}),
	refresh: state => ({...state, revision: state.revision + 1}),
	results: state => ({...state, selected: 0, previewOffset: 0}),
	'collections-listed': (state, {names, remembered}) => (state.collection ? state : {...state, collection: firstCollection(names, remembered)}),
	'ingest-field': state => withForm(state, form => ({field: form.field === 'directory' ? 'collection' : 'directory', choices: [], error: undefined})),
	'ingest-completed': (state, {value, choices}) => withForm(state, form => ({[form.field]: value, choices, error: undefined})),
	'ingest-error': (state, {error}) => withForm(state, () => ({error, job: undefined})),
	'ingest-progress': (state, {job}) => withForm(state, () => ({job, error: undefined})),
	'ingest-done': (state, {message, collection}) => (ingestForm(state)
		? {...state, dialog: undefined, message, collection, revision: state.revision + 1}
		: state),
};

/** The TUI's state machine: a pure function, so every key's effect is tested without a terminal. */
export function reduce(state: State, action: Action): State {
	const handler = handlers[action.type] as (state: State, action: Action) => State;
	return handler(state, action);
}
