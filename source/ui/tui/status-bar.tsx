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

/** Bottom lines: any message, then daemon health (and why degraded), vector fill-in, counts, model, latency, keys. */
export function StatusBar({health, problem, collection, stats, latencyMs, message}: Props) {
	const embedder = health?.checks.embedder;
	let daemon = <Text color='yellow'>connecting…</Text>;
	if (problem) {
		daemon = <Text color='red'>daemon down: {problem} (r: restart)</Text>;
	} else if (health) {
		daemon = health.status === 'ok'
			? <Text color='green'>ok</Text>
			: <Text color='yellow'>{health.status}: {embedder?.reason ?? `model ${embedder?.status ?? '?'}`}</Text>;
	}

	const fill = vectorFill(stats, embedder?.status);
	const parts = [
		collection ? `${collection.name}: ${collectionCounts(collection)}` : undefined,
		`model ${embedder?.model ?? '?'}`,
		latencyMs === undefined ? undefined : `last search ${latencyMs} ms`,
		'?: help  q: quit',
	].filter(Boolean);
	return (
		<Box flexDirection='column' flexShrink={0}>
			{message ? <Text color={message.error ? 'red' : 'green'} wrap='truncate-end'>{message.text}</Text> : null}
			<Text wrap='truncate-end'>
				{daemon}{fill ? <Text color='yellow'>{'  '}{fill}</Text> : null}<Text dimColor>{'  '}{parts.join('  ')}</Text>
			</Text>
		</Box>
	);
}
