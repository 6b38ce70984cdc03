import {useCallback, useEffect, useState} from 'react';
import type {CollectionEntry, Health} from '../../client/api-types.js';
import type {TuiClient} from './tui-client.js';

export type DaemonState = {
	readonly health: Health | undefined;
	readonly collections: CollectionEntry[];
	/** Why the daemon could not be asked, for the status bar. */
	readonly problem: string | undefined;
	readonly refresh: () => void;
};

/** Health and collections, asked at start, every `intervalMs`, and after changes (refresh). */
export function useDaemonState(client: TuiClient, intervalMs = 5000): DaemonState {
	const [health, setHealth] = useState<Health>();
	const [collections, setCollections] = useState<CollectionEntry[]>([]);
	const [problem, setProblem] = useState<string>();
	const refresh = useCallback(() => {
		Promise.all([client.health(), client.collections()]).then(([report, listing]) => {
			setHealth(report);
			setCollections(listing.collections);
			setProblem(undefined);
		}, (error: unknown) => {
			setProblem(error instanceof Error ? error.message : String(error));
		});
	}, [client]);
	useEffect(() => {
		refresh();
		const timer = setInterval(refresh, intervalMs);
		return () => {
			clearInterval(timer);
		};
	}, [refresh, intervalMs]);
	return {health, collections, problem, refresh};
}
