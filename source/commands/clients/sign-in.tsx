import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {option} from 'pastel';
import {connect} from '../../client/connect.js';
import {jsonOption} from '../../command-options.js';
import {useRun} from '../../ui/use-run.js';
import {signInLink, type SignInLink} from '../../oauth/clients-admin.js';
import {openBrowser} from '../../oauth/open-browser.js';

export const description = `Sign in as the owner for an application waiting on md-vector's consent page: opens the page (or prints a one-time link to it) where you choose what the application may do, then Allow or Deny.

Example:
  md-vector clients sign-in
  md-vector clients sign-in --no-open      # print the link only`;

export const options = z.object({
	request: z.string().optional().describe(option({description: 'The waiting request (default: the newest)', valueDescription: 'id'})),
	open: z.boolean().default(true).describe(option({description: 'Open the link in the browser (--no-open: print it only)'})),
	json: jsonOption,
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

export default function SignIn({options}: Props) {
	const state = useRun<SignInLink & {opened: boolean}>(async io => {
		const link = await signInLink(await connect({onNotice: io.note}), options.request);
		const opened = options.open && await openBrowser(link.url);
		return {...link, opened};
	}, {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {client_name: name, code, url, opened} = state.value;
	return (
		<Text>
			{opened ? 'Opened' : 'Open'} the consent page for &apos;{name}&apos; (request {code}){opened ? ' in your browser; if it did not appear, open' : ''}: {url}{'\n'}
			<Text dimColor>The link works once, for 5 minutes.</Text>
		</Text>
	);
}
