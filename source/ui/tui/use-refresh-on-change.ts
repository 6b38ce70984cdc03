import {useEffect, useRef} from 'react';
import type {CollectionEntry, CollectionStats} from '../../client/api-types.js';
import type {Action} from './reduce.js';

/**
 * Searches again when the collection changed underneath (an update, a watched folder, another client): its
 * counts or its last sync moved in the stats the status bar polls anyway, so no extra request. Vectors being
 * filled in are left out: they would search again every few seconds while the results stay the same files.
 */
export function useRefreshOnChange(collection: string | undefined, stats: CollectionStats | undefined, entry: CollectionEntry | undefined, dispatch: (action: Action) => void): void {
	const key = stats ? JSON.stringify([stats.documents, stats.chunks, stats.tokens, entry?.last_sync_at ?? null]) : undefined;
	const seen = useRef<{collection: string | undefined; key: string | undefined}>({collection, key});
	useEffect(() => {
		const previous = seen.current;
		seen.current = {collection, key};
		if (key !== undefined && previous.collection === collection && previous.key !== undefined && previous.key !== key) {
			dispatch({type: 'refresh'});
		}
	}, [collection, key]);
}
