import React from 'react';
import {Box, Text} from 'ink';
import type {CollectionEntry, CollectionStats, Health} from '../../client/api-types.js';
import type {Message} from './tui-state.js';
import {collectionCounts} from './collection-counts.js';
import {vectorFill} from './vector-fill.js';

type Props = {
	/** The daemon's last health report. */
	readonly health: Health | undefined;
	/** Why the daemon could not be asked, when it could not. */
	readonly problem: string | undefined;
	/** The current collection as the list gives it (its counts). */
	readonly collection: CollectionEntry | undefined;
	/** The current collection's stats (vectors filled in so far). */
	readonly stats: CollectionStats | undefined;
	/** Last search's round trip. */
	readonly latencyMs: number | undefined;
	/** A message for the user (an error or what an action did). */
	readonly message: Message | undefined;
};

/** The daemon's state in a word (or why it cannot be asked). */
function DaemonState({health, problem}: Pick<Props, 'health' | 'problem'>) {
	if (problem) {
		// The fix first: a long reason is cut at the terminal's edge, the key to press must not be.
		return <Text color='red'>daemon down (r: restart): {problem}</Text>;
	}

	if (!health) {
		return <Text color='yellow'>connecting…</Text>;
	}

	// A model loading at the start is normal, not "degraded": that word is kept for a problem.
	const loading = health.status === 'degraded' && health.checks.embedder.status === 'loading' && (health.checks.background?.problems.length ?? 0) === 0;
	return <Text color={health.status === 'ok' ? 'green' : 'yellow'}>{loading ? 'starting' : health.status}</Text>;
}

/** Bottom lines: any message, then daemon health, vector fill-in, counts, why degraded, model, latency, keys. */
export function StatusBar({health, problem, collection, stats, latencyMs, message}: Props) {
	const embedder = health?.checks.embedder;
	// Why it is degraded comes after the short facts: a long reason must not push them off the line.
	const reason = health && health.status !== 'ok' ? `(${health.reason ?? embedder?.reason ?? `model ${embedder?.status ?? '?'}`})` : undefined;
	const fill = vectorFill(stats, embedder?.status);
	const parts = [
		collection ? `${collection.name}: ${collectionCounts(collection)}` : '',
		`model ${embedder?.model ?? '?'}`,
		latencyMs === undefined ? '' : `last search ${latencyMs} ms`,
		'?: help  q: quit',
	];
	return (
		<Box flexDirection='column' flexShrink={0}>
			{message ? <Text color={message.error ? 'red' : 'green'} wrap='truncate-end'>{message.text}</Text> : null}
			<Text wrap='truncate-end'>
				<DaemonState health={health} problem={problem}/>{fill ? <Text color='yellow'>{'  '}{fill}</Text> : null}
				{parts[0] ? <Text dimColor>{'  '}{parts[0]}</Text> : null}
				{reason ? <Text color='yellow'>{'  '}{reason}</Text> : null}
				<Text dimColor>{'  '}{parts.slice(1).filter(Boolean).join('  ')}</Text>
			</Text>
		</Box>
	);
}
