import React from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import {connect} from '../../client/connect.js';
import {jsonOption} from '../../command-options.js';
import {useRun} from '../../ui/use-run.js';
import {listClients, type ClientEntry} from '../../oauth/clients-admin.js';

export const description = `List the clients: API keys of clients.json, and applications signed in with OAuth (what each may do, where, and when it was last used).

Example:
  md-vector clients list`;

export const options = z.object({json: jsonOption});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

const describe = (entry: ClientEntry) => (entry.kind === 'key'
	? 'API key (clients.json); its capability files decide what it may do'
	: `OAuth: ${entry.client_name ?? ''}; ${(entry.permissions ?? []).join(', ')} in ${entry.collections === 'all' ? 'all collections' : (entry.collections ?? []).join(', ')}; last used ${entry.last_used_at ?? 'never'}`);

export default function List({options}: Props) {
	const state = useRun(async io => listClients(await connect({onNotice: io.note})), {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {clients} = state.value;
	if (clients.length === 0) {
		return <Text dimColor>No clients yet. An assistant signs in with OAuth when its entry has the URL alone: md-vector mcp-config --type http</Text>;
	}

	const width = Math.max(...clients.map(entry => entry.label.length));
	return (
		<Box flexDirection='column'>
			{clients.map(entry => <Text key={`${entry.kind}:${entry.label}`}><Text bold>{entry.label.padEnd(width)}</Text>  {describe(entry)}</Text>)}
		</Box>
	);
}
