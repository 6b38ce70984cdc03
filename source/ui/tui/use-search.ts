import {useEffect, useRef, useState} from 'react';
import type {SearchMode, SearchResponse} from '../../client/api-types.js';
import {splitFilterWords, type SearchFilter} from '../../../common/search/filter-words.js';
import type {TuiClient} from './tui-client.js';

export type SearchState = {
	readonly response: SearchResponse | undefined;
	/** The query `response` answers (its terms are the ones to mark; the box may hold more by now). */
	readonly query: string;
	readonly error: string | undefined;
	readonly loading: boolean;
	/** Round trip of the last answered search, as the user felt it. */
	readonly latencyMs: number | undefined;
};

/** What the hook keeps: the last answer (or error) and which parameters it was for. */
type Answer = Omit<SearchState, 'loading'> & {readonly key: string | undefined};

export type SearchParameters = {
	readonly query: string;
	readonly mode: SearchMode;
	readonly topK: number;
	readonly collection: string | undefined;
	/** Bumped to search again with the same parameters (after a delete or an ingest). */
	readonly revision: number;
};

type Request = {readonly query: string; readonly filter: SearchFilter | undefined; readonly mode: SearchMode; readonly topK: number; readonly collection: string; readonly key: string};

/** What a search answers: an answer is shown only while it is still what the box asks. */
const keyOf = (parameters: SearchParameters) => JSON.stringify([parameters.query.trim(), parameters.mode, parameters.topK, parameters.collection, parameters.revision]);

/**
 * Search as you type, without a fixed delay: a key sends its search at once when none is on its way; keys typed
 * meanwhile wait for that answer, and then only the latest query is sent (at most one search in flight, so fast
 * typing never queues work in the daemon). An answer is shown only if no newer query was typed since (stale
 * answers never overwrite fresh ones). `debounceMs` (default 0) waits that long after the last key first.
 * `onResults` is called as an answer is taken, before it shows: a key pressed after it acts on the new results
 * (an effect run later would undo it).
 */
export function useSearch(client: TuiClient, parameters: SearchParameters, debounceMs = 0, onResults?: () => void): SearchState {
	const [state, setState] = useState<Answer>({response: undefined, query: '', error: undefined, latencyMs: undefined, key: undefined});
	// Set as the box renders, not in an effect: an answer arriving between a key's frame and its effect is already stale.
	const wanted = useRef('');
	wanted.current = keyOf(parameters);
	/** The client a search is on its way to (another client, after a reconnect, is not waited for). */
	const inFlight = useRef<TuiClient | undefined>(undefined);
	const waiting = useRef<{request: Request; client: TuiClient} | undefined>(undefined);

	const send = (request: Request, to: TuiClient) => {
		inFlight.current = to;
		const started = Date.now();
		// Every search brings its ranking details ('e' shows them for the selected result): the daemon has them at hand.
		to.search({query: request.query, mode: request.mode, top_k: request.topK, collection: request.collection, explain: true, ...(request.filter ? {filter: request.filter} : {})}).then(response => {
			if (request.key === wanted.current) {
				onResults?.();
				setState({response, query: request.query, error: undefined, latencyMs: Date.now() - started, key: request.key});
			}
		}, (error: unknown) => {
			if (request.key === wanted.current) {
				setState(previous => ({...previous, error: error instanceof Error ? error.message : String(error), key: request.key}));
			}
		}).finally(() => {
			if (inFlight.current !== to) {
				return; // a search to another client (after a reconnect) took over
			}

			inFlight.current = undefined;
			const next = waiting.current;
			waiting.current = undefined;
			if (next?.request.key === wanted.current) {
				send(next.request, next.client);
			}
		});
	};

	useEffect(() => {
		// `path:GLOB` and `KEY:VALUE` words are the filter; the rest is the query.
		const {query, filter} = splitFilterWords(parameters.query);
		waiting.current = undefined;
		if (!query || !parameters.collection) {
			setState(previous => ({...previous, response: undefined, query: '', error: undefined, key: undefined}));
			return;
		}

		const request = {query, filter, mode: parameters.mode, topK: parameters.topK, collection: parameters.collection, key: keyOf(parameters)};
		const go = () => {
			if (inFlight.current === client) {
				waiting.current = {request, client};
			} else {
				send(request, client);
			}
		};

		if (debounceMs <= 0) {
			go();
			return;
		}

		const timer = setTimeout(go, debounceMs);
		return () => {
			clearTimeout(timer);
		};
	}, [client, parameters.query, parameters.mode, parameters.topK, parameters.collection, parameters.revision]);
	// Loading is derived, not set by the effect: a key is one render, not two (each render redraws the whole screen).
	const active = Boolean(splitFilterWords(parameters.query).query && parameters.collection);
	return {response: state.response, query: state.query, error: state.error, latencyMs: state.latencyMs, loading: active && state.key !== wanted.current};
}
