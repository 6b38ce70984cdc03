// An approved OAuth grant is a capability like any in the capability files: the application becomes a client
// (label `oauth:<client id>`, never its self-chosen name), and the permissions and collections the owner ticked
// are that capability's grants. Capability files may grant it more only by naming that label exactly (a glob
// never matches it: common/access/oauth-labels.ts); the checks that decide are the same as for any client.
import type {Capability} from '../../common/access/validate-capabilities.js';
import type {OAuthGrant} from './oauth-store.js';

/** What the consent page offers: read-only access; anything more is given by a capability file naming the label. */
export const offeredPermissions = [
	{identifier: 'search:default', says: 'Search the documents (and read sections of the documents it finds)'},
	{identifier: 'collections:read', says: 'List the collections and their statistics'},
] as const;

export const offeredIdentifiers: readonly string[] = offeredPermissions.map(permission => permission.identifier);

export function grantCapability(grant: OAuthGrant): Capability {
	const allow = grant.collections ? grant.collections.map(collection => ({collection})) : [];
	return {
		identifier: grant.label,
		description: `OAuth sign-in approved for the application that calls itself ${grant.client_name}`,
		clients: [grant.label],
		local: true, // OAuth is offered on loopback addresses only
		permissions: grant.permissions.map(identifier => ({identifier, allow, deny: []})),
		source: 'oauth.sqlite',
	};
}
