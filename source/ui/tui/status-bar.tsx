import React from 'react';
import {Box, Text} from 'ink';
import type {Health, SearchMode} from '../../client/api-types.js';

type Props = {
	readonly health: Health | undefined;
	/** Why the daemon could not be asked, when it could not. */
	readonly problem: string | undefined;
	readonly mode: SearchMode;
	/** Last search's round trip. */
	readonly latencyMs: number | undefined;
	/** A message for the user (error or result of an action). */
	readonly message: {readonly text: string; readonly error: boolean} | undefined;
};

/** Bottom line: daemon health (and why it is degraded), model, mode, last latency, then any message. */
export function StatusBar({health, problem, mode, latencyMs, message}: Props) {
	const embedder = health?.checks.embedder;
	let daemon = <Text color='yellow'>connecting…</Text>;
	if (problem) {
		daemon = <Text color='red'>daemon down: {problem}</Text>;
	} else if (health) {
		daemon = health.status === 'ok'
			? <Text color='green'>ok</Text>
			: <Text color='yellow'>{health.status}: {health.reason ?? embedder?.reason ?? `model ${embedder?.status ?? '?'}`}</Text>;
	}

	return (
		<Box flexDirection='column'>
			{message ? <Text color={message.error ? 'red' : 'green'} wrap='truncate-end'>{message.text}</Text> : null}
			<Text wrap='truncate-end' dimColor={false}>
				{daemon}<Text dimColor>{'  '}model {embedder?.model ?? '?'}{'  '}mode {mode}{'  '}{latencyMs === undefined ? '' : `last search ${latencyMs} ms`}{'  '}?: help  q: quit</Text>
			</Text>
		</Box>
	);
}
