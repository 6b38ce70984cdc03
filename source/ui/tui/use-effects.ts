import {useMemo} from 'react';
import type {SearchResult} from '../../client/api-types.js';
import {completeDirectory, completeFrom} from './complete-path.js';
import type {Effects} from './keymap.js';
import type {Action} from './reduce.js';
import type {TuiClient} from './tui-client.js';
import type {State} from './tui-state.js';
import type {IngestJob} from './use-ingest-job.js';

type Options = {
	readonly client: TuiClient;
	readonly dispatch: (action: Action) => void;
	readonly latest: () => State;
	/** Collection names, for Tab in the collection field. */
	readonly names: readonly string[];
	readonly cwd: string | undefined;
	readonly openInEditor: (hit: SearchResult) => string | undefined;
	readonly reconnect: ((onNotice: (line: string) => void) => Promise<TuiClient>) | undefined;
	readonly ingest: IngestJob;
	readonly quit: () => void;
	/** Asks the daemon for health and collections again. */
	readonly refresh: () => void;
	readonly setClient: (client: TuiClient) => void;
	/** Draws the whole frame again (after another program had the terminal). */
	readonly redraw: () => void;
};

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What keys do beyond the state: the daemon, the editor, the file system. */
export function useEffects(options: Options): Effects {
	const {client, dispatch, latest, names, cwd, openInEditor, reconnect, ingest, quit, refresh, setClient, redraw} = options;
	return useMemo<Effects>(() => ({
		quit,
		openEditor(hit) {
			const problem = openInEditor(hit);
			redraw();
			dispatch({type: 'message', message: problem ? {text: problem, error: true} : undefined});
		},
		deleteDocument(file, collection) {
			client.deleteDocument(file, collection).then(result => {
				// Deleted from the index, not the folder: said before the next sync brings it back unasked.
				const back = result.source ? `; it comes back at the next sync of ${result.source} unless its .mdvectorignore lists it` : '';
				dispatch({type: 'close', message: {text: `deleted ${result.file} (${result.deleted_chunks} chunks)${back}`, error: false}});
			}, (error: unknown) => {
				dispatch({type: 'close', message: {text: `delete failed: ${reason(error)}`, error: true}});
			}).finally(() => {
				dispatch({type: 'refresh'});
			});
		},
		startIngest: ingest.start,
		cancelIngest: ingest.cancel,
		complete() {
			const {dialog} = latest();
			if (dialog?.kind !== 'ingest') {
				return;
			}

			if (dialog.field === 'directory') {
				const {value, choices} = completeDirectory(dialog.directory, cwd);
				dispatch({type: 'ingest-completed', value, choices});
			} else {
				const {completed, choices} = completeFrom(dialog.collection, names);
				dispatch({type: 'ingest-completed', value: completed, choices});
			}
		},
		reconnect() {
			if (!reconnect) {
				refresh();
				dispatch({type: 'refresh'});
				return;
			}

			let notice: string | undefined;
			dispatch({type: 'message', message: {text: 'reconnecting to the daemon…', error: false}});
			reconnect(line => {
				notice = line;
			}).then(next => {
				setClient(next);
				dispatch({type: 'refresh'});
				dispatch({type: 'message', message: {text: notice ?? 'connected to the daemon', error: false}});
			}, (error: unknown) => {
				dispatch({type: 'message', message: {text: `could not reconnect: ${reason(error)}`, error: true}});
			});
		},
	}), [client, dispatch, latest, names.join('\n'), cwd, openInEditor, reconnect, ingest, quit, refresh, setClient, redraw]);
}
