import {searchDefaults, type SearchMode} from '../../../common/search-defaults.js';
import type {IngestForm} from './ingest-form.js';

export type Focus = 'search' | 'results' | 'collections';

/** What the last action said (delete, ingest, editor, reconnect); cleared by the next key. */
export type Message = {readonly text: string; readonly error: boolean};

export type Dialog
	= | {readonly kind: 'help'; readonly offset: number}
		/** `source`: the followed folder the document is a file of (its next sync indexes it again), with its path there. */
		| {readonly kind: 'delete'; readonly file: string; readonly collection: string; readonly source?: {readonly folder: string; readonly relative: string}}
		| IngestForm;

/** Everything the TUI shows that is not the daemon's: changed only by `reduce` (reduce.ts). */
export type State = {
	readonly query: string;
	readonly mode: SearchMode;
	readonly topK: number;
	/** The collection searched; undefined until the list is known (or none exists). */
	readonly collection: string | undefined;
	/** Index of the selected result. */
	readonly selected: number;
	/** First preview line shown (PgUp / PgDn). */
	readonly previewOffset: number;
	readonly focus: Focus;
	readonly dialog: Dialog | undefined;
	readonly message: Message | undefined;
	/** Bumped to search again with the same parameters (after a delete, an ingest, a reconnect). */
	readonly revision: number;
	/** The collections pane as `c` left it; undefined: by the terminal's width (layout.ts). */
	readonly showCollections: boolean | undefined;
};

/** Where the keys go: a dialog when one is open, else the focused pane. The keymap's `when` names these. */
export type Scope = Focus | 'help' | 'delete' | 'ingest' | 'ingest-running';

export function initialState(collection?: string): State {
	return {
		query: '',
		mode: searchDefaults.mode,
		topK: searchDefaults.topK,
		collection,
		selected: 0,
		previewOffset: 0,
		focus: 'search',
		dialog: undefined,
		message: undefined,
		revision: 0,
		showCollections: undefined,
	};
}

export function scopeOf(state: State): Scope {
	const {dialog} = state;
	if (!dialog) {
		return state.focus;
	}

	if (dialog.kind === 'ingest') {
		return dialog.job ? 'ingest-running' : 'ingest';
	}

	return dialog.kind;
}
