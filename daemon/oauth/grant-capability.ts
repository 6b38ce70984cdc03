// An approved OAuth grant is a capability like any in the capability files: the application becomes a client
// (its label), and the permissions and collections the owner ticked are that capability's grants. Capability
// files that name the label may grant it more; the checks that decide (permit, the MCP tool check) are the same.
import type {Capability} from '../../common/capabilities/validate-capabilities.js';
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
		identifier: `oauth:${grant.label}`,
		description: `OAuth sign-in approved for ${grant.client_name}`,
		clients: [grant.label],
		local: true, // OAuth is offered on loopback addresses only
		permissions: grant.permissions.map(identifier => ({identifier, allow, deny: []})),
		source: 'oauth.json',
	};
}

/** A label for the application from its name: lowercase words joined by "-", unique among `taken`. */
export function labelFor(clientName: string | undefined, taken: ReadonlySet<string>): string {
	const base = (clientName ?? '').toLowerCase().replaceAll(/[^a-z\d._-]+/g, '-').replaceAll(/^-+|-+$/g, '').slice(0, 40) || 'assistant';
	let label = base;
	for (let suffix = 2; taken.has(label); suffix++) {
		label = `${base}-${suffix}`;
	}

	return label;
}
