import React, {useCallback, useEffect, useMemo, useState} from 'react';
import {Box, useApp, useStdout} from 'ink';
import type {SearchResult} from '../../client/api-types.js';
import {CollectionList} from './collection-list.js';
import {ConfirmDelete, confirmDeleteRows} from './confirm-delete.js';
import {HelpOverlay} from './help-overlay.js';
import {IngestDialog, ingestDialogRows} from './ingest-dialog.js';
import {bindingFor, type KeyContext} from './keymap.js';
import type {CollectionMemory} from './last-collection.js';
import {layoutFor} from './layout.js';
import {openInEditor as defaultOpenInEditor} from './open-in-editor.js';
import {Preview} from './preview.js';
import {previewLines, previewTextRows} from './preview-lines.js';
import {readContext} from './read-context.js';
import {ResultList} from './result-list.js';
import {SearchBox} from './search-box.js';
import {StatusBar} from './status-bar.js';
import type {TuiClient} from './tui-client.js';
import {scopeOf, type Message, type State} from './tui-state.js';
import {useDaemonState} from './use-daemon-state.js';
import {useEffects} from './use-effects.js';
import {useIngestJob} from './use-ingest-job.js';
import {useKeyPresses} from './use-key-presses.js';
import {useRefreshOnChange} from './use-refresh-on-change.js';
import {useSearch} from './use-search.js';
import {useTerminalSize} from './use-terminal-size.js';
import {useTuiState} from './use-tui-state.js';

/** Rows each dialog takes under the panes (the help takes the panes' place). */
const dialogRows = (dialog: State['dialog']) => (dialog?.kind === 'delete' ? confirmDeleteRows(dialog.source !== undefined) : (dialog?.kind === 'ingest' ? ingestDialogRows : 0));

/** What the results pane says when it has no results. */
function emptyText({collection, query}: State, names: readonly string[], loading: boolean, down: boolean): string {
	if (!collection) {
		return 'No collection yet: press i to ingest a directory.';
	}

	if (names.length > 0 && !names.includes(collection)) {
		return `No collection '${collection}' yet: press i to ingest a directory into it.`;
	}

	if (down) {
		return ''; // the status bar says it once, with the key that fixes it
	}

	return query.trim() && !loading ? 'No results.' : 'Type to search.';
}

type Props = {
	/** The daemon (a fake in tests). */
	readonly client: TuiClient;
	/** The collection to open (`-C NAME`); else the remembered one, else `default`, else the first. */
	readonly collection?: string;
	/** Where the last used collection is kept (the state folder; tests keep it in memory). */
	readonly memory?: CollectionMemory;
	/** Connects again, starting a daemon when none answers (`r`); says what it did through `onNotice`. */
	readonly reconnect?: (onNotice: (line: string) => void) => Promise<TuiClient>;
	/** Opens a hit in an editor and gives the terminal back; returns an error message. Injected by tests. */
	readonly openInEditor?: (hit: SearchResult) => string | undefined;
	/** How long after the last key a search waits (default 0: at once, with at most one search on its way). */
	readonly debounceMs?: number;
	/** The folder relative directories in the ingest dialog start from. */
	readonly cwd?: string;
};

/** The terminal UI: search box, results, preview, collections and status, all from the daemon; keys from keymap.ts. */
export function App({client: firstClient, collection, memory, reconnect, openInEditor = defaultOpenInEditor, debounceMs, cwd}: Props) {
	const {exit} = useApp();
	const {write} = useStdout();
	const {columns, rows} = useTerminalSize();
	const [client, setClient] = useState(firstClient);
	const {state, dispatch, latest} = useTuiState(collection);
	const daemon = useDaemonState(client, state.collection, state.revision);
	const search = useSearch(client, state, debounceMs, useCallback(() => {
		dispatch({type: 'results'});
	}, [dispatch]));
	const results = search.response?.results ?? [];
	const hit = results[Math.min(state.selected, results.length - 1)];
	const names = daemon.collections.map(entry => entry.name);
	const ingest = useIngestJob(client, dispatch);
	useRefreshOnChange(state.collection, daemon.stats, daemon.collections.find(entry => entry.name === state.collection), dispatch);

	useEffect(() => {
		dispatch({type: 'collections-listed', names, remembered: memory?.read()});
	}, [names.join('\n')]);
	useEffect(() => {
		if (state.collection) {
			memory?.write(state.collection);
		}
	}, [state.collection]);

	// A search that failed may be the first to find the daemon gone: ask at once, so the status bar says it.
	useEffect(() => {
		if (search.error) {
			daemon.refresh();
		}
	}, [search.error]);
	// What the search itself says, derived: an action's message is not wiped by the search it triggers. While the
	// daemon is down its error is the status bar's, said there once with the fix.
	const searchError = daemon.problem ? undefined : search.error;
	const searchMessage: Message | undefined = searchError ? {text: searchError, error: true} : (search.response?.notice ? {text: search.response.notice, error: false} : undefined);
	const message = state.message ?? searchMessage;
	const {dialog} = state;
	const layout = layoutFor({
		columns,
		rows,
		showCollections: state.showCollections,
		dialogRows: dialogRows(dialog),
		statusRows: message ? 2 : 1,
	});
	const previewRows = previewTextRows(layout.preview.height);
	// Once per hit and width, not on every key (wrapping a long chunk is most of a frame's own work).
	const previewLength = useMemo(() => (hit ? previewLines(hit, layout.preview.width - 4, readContext(hit)).length : 0), [hit, layout.preview.width]);
	const previewMax = Math.max(0, previewLength - previewRows);

	const effects = useEffects({
		client, dispatch, latest, names, cwd, openInEditor, reconnect, ingest,
		quit: exit,
		refresh: daemon.refresh,
		setClient,
		redraw() {
			write(''); // Ink clears what it drew and draws the whole frame again
		},
	});

	useKeyPresses(press => {
		const current = latest();
		const binding = bindingFor(scopeOf(current), press);
		if (!binding) {
			return;
		}

		if (!current.dialog && current.message) {
			dispatch({type: 'message', message: undefined}); // a message stays until the next key
		}

		const context: KeyContext = {
			state: current,
			dispatch,
			effects,
			hit: results[Math.min(current.selected, results.length - 1)],
			resultCount: results.length,
			collections: names,
			sources: daemon.sources,
			panes: layout.collections ? ['search', 'results', 'collections'] : ['search', 'results'],
			collectionsShown: layout.collections !== undefined,
			previewRows,
			previewMax,
		};
		binding.run(context, press);
	});

	return (
		<Box flexDirection='column' width={columns} height={layout.height} overflow='hidden'>
			<SearchBox query={state.query} focused={state.focus === 'search' && !dialog} mode={state.mode} topK={state.topK} loading={search.loading} collection={state.collection} width={columns}/>
			{dialog?.kind === 'help'
				? <HelpOverlay width={columns} height={layout.body} offset={dialog.offset}/>
				: (
					<Box height={layout.body} flexShrink={0} overflow='hidden'>
						{layout.collections ? <CollectionList collections={daemon.collections} current={state.collection} focused={state.focus === 'collections'} {...layout.collections}/> : null}
						<Box flexDirection={layout.direction}>
							<ResultList results={results} selected={state.selected} query={search.query} focused={state.focus === 'results'} lines={layout.resultLines} empty={emptyText(state, names, search.loading, daemon.problem !== undefined)} {...layout.results}/>
							<Preview hit={hit} offset={state.previewOffset} {...layout.preview}/>
						</Box>
					</Box>
				)}
			{dialog?.kind === 'delete' ? <ConfirmDelete file={dialog.file} collection={dialog.collection} source={dialog.source} width={columns}/> : null}
			{dialog?.kind === 'ingest' ? <IngestDialog form={dialog} collections={names} width={columns}/> : null}
			<StatusBar health={daemon.health} problem={daemon.problem} collection={daemon.collections.find(entry => entry.name === state.collection)} stats={daemon.stats} latencyMs={search.latencyMs} message={message}/>
		</Box>
	);
}
