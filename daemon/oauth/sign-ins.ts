// The daemon's OAuth as the client use cases see it (use-cases/clients.ts): its grants as sign-ins, in the use
// cases' words (camelCase, times as dates; oauth.sqlite keeps seconds).
import type {SignIn, SignIns} from '../use-cases/clients.js';
import type {OAuth} from './oauth.js';
import type {OAuthGrant} from './oauth-store.js';

function signInOf(grant: OAuthGrant): SignIn {
	return {
		label: grant.label, clientName: grant.client_name, permissions: grant.permissions, collections: grant.collections ?? 'all',
		grantedAt: new Date(grant.granted_at * 1000), ...(grant.last_used_at === undefined ? {} : {lastUsedAt: new Date(grant.last_used_at * 1000)}),
	};
}

export function signInsOf(oauth: OAuth): SignIns {
	return {
		enabled: oauth.settings.enabled,
		list: () => oauth.grants().map(grant => signInOf(grant)),
		revoke(labelOrName) {
			const found = oauth.revoke(labelOrName);
			if (found && 'grant' in found) {
				return {revoked: signInOf(found.grant)};
			}

			return found && {ambiguous: found.ambiguous.map(grant => signInOf(grant))};
		},
		link(origin, requestId) {
			const link = oauth.signInLink(origin, requestId);
			return link && {url: link.url, clientName: link.client_name, code: link.code};
		},
	};
}
