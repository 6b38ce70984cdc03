import {useEffect, useRef, useState} from 'react';
import type {SearchMode, SearchResponse} from '../../client/api-types.js';
import type {TuiClient} from './tui-client.js';

export type SearchState = {
	readonly response: SearchResponse | undefined;
	readonly error: string | undefined;
	readonly loading: boolean;
	/** Round trip of the last answered search, as the user felt it. */
	readonly latencyMs: number | undefined;
};

export type SearchParameters = {
	readonly query: string;
	readonly mode: SearchMode;
	readonly topK: number;
	readonly collection: string | undefined;
	/** Bumped to search again with the same parameters (after a delete or an ingest). */
	readonly revision: number;
};

/**
 * Search as you type: waits `debounceMs` after the last change, and drops any answer that arrives after a
 * newer request was sent (stale responses never overwrite fresh ones). `onResults` is called as an answer is
 * taken, before it shows: a key pressed after it acts on the new results (an effect run later would undo it).
 */
export function useSearch(client: TuiClient, parameters: SearchParameters, debounceMs = 150, onResults?: () => void): SearchState {
	const [state, setState] = useState<SearchState>({response: undefined, error: undefined, loading: false, latencyMs: undefined});
	const latest = useRef(0);
	useEffect(() => {
		const query = parameters.query.trim();
		const request = ++latest.current;
		if (!query || !parameters.collection) {
			setState(previous => ({...previous, response: undefined, error: undefined, loading: false}));
			return;
		}

		setState(previous => ({...previous, loading: true}));
		const controller = new AbortController();
		const timer = setTimeout(() => {
			const started = Date.now();
			client.search({query, mode: parameters.mode, top_k: parameters.topK, collection: parameters.collection}, controller.signal).then(response => {
				if (request === latest.current) {
					onResults?.();
					setState({response, error: undefined, loading: false, latencyMs: Date.now() - started});
				}
			}, (error: unknown) => {
				if (request === latest.current && !controller.signal.aborted) {
					setState(previous => ({...previous, error: error instanceof Error ? error.message : String(error), loading: false}));
				}
			});
		}, debounceMs);
		return () => {
			clearTimeout(timer);
			controller.abort();
		};
	}, [client, parameters.query, parameters.mode, parameters.topK, parameters.collection, parameters.revision]);
	return state;
}
