import {connect} from '../../client/connect.js';
import type {Io} from '../../cli/io.js';
import {flag, type Invocation} from '../../cli/spec.js';
import {signInLink} from './clients-api.js';
import {openBrowser} from './open-browser.js';

/** Opens (or prints) a one-time link to the consent page of an application waiting for the owner's answer. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const link = await signInLink(await connect({onNotice: io.note}), invocation.options.request as string | undefined);
	const opened = !flag(invocation, 'no-open') && await openBrowser(link.url);
	if (invocation.json) {
		return {...link, opened};
	}

	const {client_name: name, code, url} = link;
	io.out(`${opened ? 'Opened' : 'Open'} the consent page for '${name}' (request ${code})${opened ? ' in your browser; if it did not appear, open' : ''}: ${url}\n`);
	io.note(io.errorStyle.dim('The link works once, for 5 minutes.'));
	return undefined;
}
