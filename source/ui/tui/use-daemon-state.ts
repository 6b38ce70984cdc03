import {useCallback, useEffect, useState} from 'react';
import type {CollectionEntry, CollectionStats, Health, SourceEntry} from '../../client/api-types.js';
import type {TuiClient} from './tui-client.js';

export type DaemonState = {
	readonly health: Health | undefined;
	readonly collections: readonly CollectionEntry[];
	/** The current collection's numbers (vectors still being filled in show here); undefined when unknown. */
	readonly stats: CollectionStats | undefined;
	/** The folders the current collection follows (`d` says a document of one comes back at its next sync). */
	readonly sources: readonly SourceEntry[];
	/** Why the daemon could not be asked, for the status bar. */
	readonly problem: string | undefined;
	readonly refresh: () => void;
};

/** Vectors are being filled in: the daemon asked more often meanwhile, so the status bar's count moves. */
export function filling(stats: CollectionStats | undefined): boolean {
	return stats !== undefined && stats.vectors < stats.chunks;
}

/**
 * Health, collections and the current collection's stats: at start, every `intervalMs`, when `revision` changes
 * (after a delete, an ingest, a reconnect) and on refresh().
 */
export function useDaemonState(client: TuiClient, collection: string | undefined, revision = 0, intervalMs = 5000): DaemonState {
	const [health, setHealth] = useState<Health>();
	const [collections, setCollections] = useState<readonly CollectionEntry[]>([]);
	const [stats, setStats] = useState<CollectionStats>();
	const [sources, setSources] = useState<{collection: string; sources: readonly SourceEntry[]}>();
	const [problem, setProblem] = useState<string>();
	const refresh = useCallback(() => {
		Promise.all([client.health(), client.collections()]).then(([report, listing]) => {
			setHealth(report);
			setCollections(listing.collections);
			setProblem(undefined);
		}, (error: unknown) => {
			setProblem(error instanceof Error ? error.message : String(error));
		});
		if (collection) {
			// A collection not created yet has no stats: nothing to show, not a problem.
			client.stats(collection).then(setStats, () => {
				setStats(undefined);
			});
			client.sources(collection).then(setSources, () => {
				setSources(undefined);
			});
		}
	}, [client, collection, revision]);
	const interval = filling(stats) ? Math.min(intervalMs, 1500) : intervalMs;
	useEffect(() => {
		refresh();
		const timer = setInterval(refresh, interval);
		return () => {
			clearInterval(timer);
		};
	}, [refresh, interval]);
	return {
		health, collections, stats: stats?.collection === collection ? stats : undefined,
		sources: sources && sources.collection === collection ? sources.sources : [], problem, refresh,
	};
}
