import {connect} from '../../client/connect.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {listClients, type ClientEntry} from './clients-api.js';

const describe = (entry: ClientEntry) => (entry.kind === 'key'
	? 'API key (clients.json); its capability files decide what it may do'
	: `OAuth: "${entry.client_name ?? ''}" (the name it gave itself); ${(entry.permissions ?? []).join(', ')} in ${entry.collections === 'all' ? 'all collections' : (entry.collections ?? []).join(', ')}; last used ${entry.last_used_at ?? 'never'}`);

/** The clients.json keys and the applications signed in with OAuth. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const listing = await listClients(await connect({onNotice: io.note}));
	if (invocation.json) {
		return listing;
	}

	const {clients} = listing;
	if (clients.length === 0) {
		io.note('No clients yet. An assistant signs in with OAuth when its entry has the URL alone: md-vector mcp-config --type http');
		return undefined;
	}

	const width = Math.max(...clients.map(entry => entry.label.length));
	io.out(clients.map(entry => `${io.style.bold(entry.label.padEnd(width))}  ${describe(entry)}\n`).join(''));
	return undefined;
}
