import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {connect} from '../client/connect.js';
import type {Health} from '../client/api-types.js';
import {useRun} from '../ui/use-run.js';

export const description = `Show whether the daemon runs: its address, version, model and chunk count. Never starts one.

Example:
  md-vector status --json`;

export const options = z.object({
	json: z.boolean().default(false).describe('Print the health report as JSON'),
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

export default function Status({options}: Props) {
	const state = useRun<Health & {url: string}>(async () => {
		const client = await connect({start: false});
		return {...(await client.health()), url: client.baseUrl};
	}, {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {checks} = state.value;
	return (
		<Text>
			daemon {state.value.version} at {state.value.url}: <Text color={state.value.status === 'ok' ? 'green' : 'yellow'}>{state.value.status}</Text>, {checks.chromadb.count} chunks, model {checks.embedder.model} ({checks.embedder.status})
		</Text>
	);
}
