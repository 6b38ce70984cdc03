import type {CollectionEntry} from '../../client/api-types.js';
import {plural} from '../format.js';

/** "12 docs · 340 chunks": a collection's counts, labelled. */
export function collectionCounts({documents, count}: Pick<CollectionEntry, 'documents' | 'count'>): string {
	return `${plural(documents, 'doc')} · ${plural(count, 'chunk')}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * "synced 14:02" (local time; with the date when not today) for a collection that follows folders, so a user sees
 * how fresh the index is; empty for one without folder sources.
 */
export function lastSync({last_sync_at: at}: Pick<CollectionEntry, 'last_sync_at'>, now = new Date()): string {
	if (!at) {
		return '';
	}

	const when = new Date(at);
	const time = `${twoDigits(when.getHours())}:${twoDigits(when.getMinutes())}`;
	const sameDay = when.toDateString() === now.toDateString();
	return `synced ${sameDay ? time : `${when.getFullYear()}-${twoDigits(when.getMonth() + 1)}-${twoDigits(when.getDate())} ${time}`}`;
}
