import type {CollectionEntry} from '../../client/api-types.js';
import {plural} from '../format.js';

/** "12 docs · 340 chunks": a collection's counts, labelled. */
export function collectionCounts({documents, count}: Pick<CollectionEntry, 'documents' | 'count'>): string {
	return `${plural(documents, 'doc')} · ${plural(count, 'chunk')}`;
}
