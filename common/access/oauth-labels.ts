// OAuth clients' labels live in their own namespace: `oauth:<client id>`, where the client id is the random one
// md-vector's registration gave (RFC 7591), never a name the application chose. clients.json labels cannot hold
// ':', and a capability's `clients` glob never matches an OAuth label: only an entry that is exactly the label
// does. So a client that registers as "team-x" gains nothing from a capability granting "team-*".
import {capabilityGlobMatches, isGlob} from './capability-globs.js';

export const oauthLabelPrefix = 'oauth:';

export const oauthLabel = (clientId: string) => `${oauthLabelPrefix}${clientId}`;

export const isOAuthLabel = (label: string) => label.startsWith(oauthLabelPrefix);

/** Whether a capability's `clients` entry names this client: exactly for an OAuth client, by glob for others. */
export const namesClient = (entry: string, client: string) => (isOAuthLabel(client) ? entry === client : capabilityGlobMatches(entry, client));

/** Why a `clients` entry in the OAuth namespace cannot work (a glob), or undefined. */
export function oauthEntryProblem(entry: string): string | undefined {
	if (isOAuthLabel(entry) && isGlob(entry)) {
		return `'${entry}': an OAuth client is named exactly (oauth:<client id>, as md-vector clients list shows it); globs never match OAuth clients`;
	}

	return undefined;
}
