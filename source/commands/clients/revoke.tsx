import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {argument} from 'pastel';
import {connect} from '../../client/connect.js';
import {jsonOption} from '../../command-options.js';
import {useRun} from '../../ui/use-run.js';
import {revokeClient} from '../../oauth/clients-admin.js';

export const description = `Revoke an application's OAuth sign-in: its tokens stop working at once (401), and it has to ask again on the consent page.

Example:
  md-vector clients revoke claude-code`;

export const args = z.tuple([z.string().describe(argument({name: 'label', description: 'The client\'s label (md-vector clients list)'}))]);

export const options = z.object({json: jsonOption});

type Props = {
	/** The label to revoke. */
	readonly args: z.infer<typeof args>;
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

export default function Revoke({args: [label], options}: Props) {
	const state = useRun(async io => revokeClient(await connect({onNotice: io.note}), label), {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	return <Text>Revoked &apos;{label}&apos;: its tokens no longer work; it has to ask you again.</Text>;
}
