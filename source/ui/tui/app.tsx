import React, {useEffect, useState} from 'react';
import {Box, useApp} from 'ink';
import type {SearchResult} from '../../client/api-types.js';
import {defaultCollection, searchDefaults, searchModes, type SearchMode} from '../../../common/search-contract.js';
import {CollectionList} from './collection-list.js';
import {SearchBox} from './search-box.js';
import {ResultList} from './result-list.js';
import {Preview} from './preview.js';
import {StatusBar} from './status-bar.js';
import {HelpOverlay} from './help-overlay.js';
import {ConfirmDelete} from './confirm-delete.js';
import {IngestPanel} from './ingest-panel.js';
import type {TuiClient} from './tui-client.js';
import {useDaemonState} from './use-daemon-state.js';
import {useSearch} from './use-search.js';
import {useTerminalSize} from './use-terminal-size.js';
import {useKeys} from './use-keys.js';
import {openInEditor as defaultOpenInEditor} from './open-in-editor.js';

type Props = {
	/** The daemon (a fake in tests). */
	readonly client: TuiClient;
	/** Collection to start in (else the first one). */
	readonly initialCollection?: string;
	/** Opens a hit in an editor; returns an error message. Injected by tests. */
	readonly openInEditor?: (hit: SearchResult) => string | undefined;
	/** Search debounce; tests shorten it. */
	readonly debounceMs?: number;
};

type Focus = 'search' | 'results' | 'collections';
type Overlay = 'help' | 'delete' | 'ingest' | undefined;
type Message = {text: string; error: boolean} | undefined;

const modes: readonly SearchMode[] = searchModes;
const focusOrder: Focus[] = ['search', 'results', 'collections'];

/** The terminal UI: collections, search box, results, preview and status, all from the daemon. */
export function App({client, initialCollection, openInEditor = defaultOpenInEditor, debounceMs}: Props) {
	const {exit} = useApp();
	const {columns, rows} = useTerminalSize();
	const daemon = useDaemonState(client);
	const [query, setQuery] = useState('');
	const [mode, setMode] = useState<SearchMode>(searchDefaults.mode);
	const [topK, setTopK] = useState<number>(searchDefaults.topK);
	const [collection, setCollection] = useState(initialCollection);
	const [revision, setRevision] = useState(0);
	const [selected, setSelected] = useState(0);
	const [focus, setFocus] = useState<Focus>('search');
	const [overlay, setOverlay] = useState<Overlay>();
	/** What the last action said (delete, ingest, editor); shown until the next key. */
	const [message, setMessage] = useState<Message>();
	const search = useSearch(client, {query, mode, topK, collection, revision}, debounceMs);
	const results = search.response?.results ?? [];
	const hit = results[Math.min(selected, results.length - 1)];
	const names = daemon.collections.map(entry => entry.name);

	useEffect(() => {
		if (!collection && names.length > 0) {
			setCollection(names[0]);
		}
	}, [names.join('\n')]);
	useEffect(() => {
		setSelected(0);
	}, [search.response]);
	// What the search itself says, derived: an action's message is not wiped by the search it triggers.
	const searchMessage: Message = search.error ? {text: search.error, error: true} : (search.response?.notice ? {text: search.response.notice, error: false} : undefined);

	const switchCollection = (step: number) => {
		if (names.length > 0) {
			const at = names.indexOf(collection ?? '');
			setCollection(names[(at + step + names.length) % names.length]);
		}
	};

	// The one keyboard handler: typing into the search box included, so no key can reach a pane that has
	// just lost the focus.
	useKeys((input, key) => {
		if (overlay === 'help') {
			setOverlay(undefined);
			return;
		}

		if (overlay === 'delete') {
			remove(input.toLowerCase() === 'y');
			return;
		}

		if (overlay) {
			return; // the ingest panel has the keyboard
		}

		setMessage(undefined);

		if (key.tab) {
			setFocus(focusOrder[(focusOrder.indexOf(focus) + (key.shift ? 2 : 1)) % 3]!);
			return;
		}

		if (key.upArrow || key.downArrow) {
			const step = key.upArrow ? -1 : 1;
			if (focus === 'collections') {
				switchCollection(step);
			} else {
				setSelected(index => Math.max(0, Math.min(results.length - 1, index + step)));
			}

			return;
		}

		if (focus === 'search') {
			if (key.escape || key.return) {
				setFocus('results');
			} else if (key.backspace || key.delete) {
				setQuery(current => current.slice(0, -1));
			} else if (key.ctrl && input === 'u') {
				setQuery('');
			} else if (input && !key.ctrl && !key.meta) {
				setQuery(current => current + input);
			}

			return;
		}

		if (key.return && focus === 'collections') {
			setFocus('search');
		} else if (key.return && hit) {
			const problem = openInEditor(hit);
			setMessage(problem ? {text: problem, error: true} : undefined);
		} else if (input === 'q') {
			exit();
		} else if (input === '/' || key.escape) {
			setFocus('search');
		} else {
			switch (input) {
				case 'j':
				case 'k': {
					setSelected(index => Math.max(0, Math.min(results.length - 1, index + (input === 'j' ? 1 : -1))));

					break;
				}

				case 'm': {
					setMode(current => modes[(modes.indexOf(current) + 1) % modes.length]!);

					break;
				}

				case '+':
				case '=': {
					setTopK(current => Math.min(100, current + 5));

					break;
				}

				case '-': {
					setTopK(current => Math.max(5, current - 5));

					break;
				}

				case '[':
				case ']': {
					switchCollection(input === '[' ? -1 : 1);

					break;
				}

				default: {
					if (input === 'd' && hit) {
						setOverlay('delete');
					} else {
						switch (input) {
							case 'i': {
								setOverlay('ingest');

								break;
							}

							case 'r': {
								daemon.refresh();
								setRevision(value => value + 1);

								break;
							}

							case '?': {
								setOverlay('help');

								break;
							}
 // No default
						}
					}
				}
			}
		}
	});

	const afterChange = (next: Message) => {
		setOverlay(undefined);
		setMessage(next);
		daemon.refresh();
		setRevision(value => value + 1);
	};

	const remove = (confirmed: boolean) => {
		if (!confirmed || !hit || !collection) {
			afterChange(confirmed ? undefined : {text: 'nothing deleted', error: false});
			return;
		}

		client.deleteDocument(hit.source_file, collection).then(result => {
			afterChange({text: `deleted ${result.file} (${result.deleted_chunks} chunks)`, error: false});
		}, (error: unknown) => {
			afterChange({text: `delete failed: ${error instanceof Error ? error.message : String(error)}`, error: true});
		});
	};

	const sideWidth = Math.max(18, Math.min(30, Math.floor(columns / 4)));
	// One row short of the terminal: Ink clears the whole screen on every frame of a full-height output.
	const dialogRows = overlay === 'delete' || overlay === 'ingest' ? 5 : 0;
	const bodyHeight = Math.max(6, rows - 7 - dialogRows);
	const wide = columns >= 110;
	let empty = 'Type to search.';
	if (!collection) {
		empty = 'No collection yet: press i to ingest a directory.';
	} else if (query.trim() && !search.loading) {
		empty = 'No results.';
	}

	return (
		<Box flexDirection='column' width={columns} height={rows - 1}>
			<SearchBox query={query} focused={focus === 'search' && !overlay} mode={mode} topK={topK} loading={search.loading}/>
			{overlay === 'help' ? <HelpOverlay/> : null}
			<Box height={bodyHeight} display={overlay === 'help' ? 'none' : 'flex'}>
				<CollectionList collections={daemon.collections} current={collection} focused={focus === 'collections'} width={sideWidth}/>
				<Box flexDirection={wide ? 'row' : 'column'} flexGrow={1}>
					<ResultList results={results} selected={selected} query={query} focused={focus === 'results'} height={wide ? bodyHeight - 2 : Math.floor(bodyHeight / 2) - 2} empty={empty}/>
					<Preview hit={hit} height={wide ? bodyHeight - 2 : Math.ceil(bodyHeight / 2) - 2}/>
				</Box>
			</Box>
			{overlay === 'delete' && hit && collection ? <ConfirmDelete fileName={hit.source_file} collection={collection}/> : null}
			{overlay === 'ingest' ? <IngestPanel client={client} collection={collection ?? defaultCollection} onDone={afterChange}/> : null}
			<StatusBar health={daemon.health} problem={daemon.problem} mode={mode} latencyMs={search.latencyMs} message={message ?? searchMessage}/>
		</Box>
	);
}
