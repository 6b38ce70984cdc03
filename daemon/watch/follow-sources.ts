import type {CollectionSyncReport} from '../../common/wire/sync.js';
import type {Engine} from '../engine/engine.js';
import {watchSources, type SourcesWatcher} from '../engine/sources/source-watcher.js';

export type FollowOptions = {
	/** A sync that changed something (or failed somewhere), as the report of its collection. */
	readonly onSync: (report: CollectionSyncReport) => void;
	readonly onError: (message: string) => void;
	/** Debounce settings of the watcher (tests shorten them). */
	readonly quietMs?: number;
	readonly maxWaitMs?: number;
};

/** Whether a sync report says anything: changes, failures, conflicts, an unsynced source. */
export const eventful = (report: CollectionSyncReport) => report.sources.some(source =>
	source.added.length + source.changed.length + source.moved.length + source.renamed.length + source.removed.length + source.failed.length + source.conflicts.length > 0 || source.error !== null);

/**
 * Follows every source of these collections: each debounced batch of file-system events becomes a sync of
 * its source. Catches up first (one sync of each collection), so what changed while nobody watched is in too.
 */
export async function followSources(engine: Engine, collections: readonly string[], options: FollowOptions): Promise<SourcesWatcher> {
	const owners = new Map<number, string>();
	const watched = [];
	for (const name of collections) {
		for (const source of await engine.sources(name)) {
			owners.set(source.id, name);
			watched.push({id: source.id, root: source.path, hidden: source.hidden});
		}
	}

	const watcher = await watchSources(watched, {
		quietMs: options.quietMs,
		maxWaitMs: options.maxWaitMs,
		async onBatch(batch) {
			const report = await engine.syncWatched(owners.get(batch.sourceId)!, batch.sourceId, batch);
			if (report && eventful(report)) {
				options.onSync(report);
			}
		},
		onError(error) {
			options.onError(error instanceof Error ? error.message : String(error));
		},
	});
	try {
		for (const name of collections) {
			const caughtUp = await engine.update(name, {mode: 'default'});
			for (const report of caughtUp.sync?.collections ?? []) {
				if (eventful(report)) {
					options.onSync(report);
				}
			}
		}
	} catch (error) {
		await watcher.close();
		throw error;
	}

	return watcher;
}
