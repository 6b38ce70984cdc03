import type * as Wire from '../../common/wire/clients.js';
import type {ClientList, SignIn, SignInLink} from '../use-cases/clients.js';

/** GET /clients: the keys first, then the OAuth sign-ins. */
export function toClientList(list: ClientList): Wire.ClientList {
	return {
		clients: [
			...list.keys.map(label => ({label, kind: 'key' as const})),
			...list.signIns.map(signIn => ({
				label: signIn.label, kind: 'oauth' as const, client_name: signIn.clientName, permissions: signIn.permissions,
				collections: signIn.collections, granted_at: signIn.grantedAt.toISOString(), last_used_at: signIn.lastUsedAt?.toISOString() ?? null,
			})),
		],
	};
}

/** DELETE /clients/{label}: the sign-in revoked. */
export function toRevokedClient(signIn: SignIn): Wire.RevokedClient {
	return {status: 'ok', label: signIn.label, client_name: signIn.clientName, revoked: true};
}

export function toSignInLink(link: SignInLink): Wire.SignInLink {
	return {url: link.url, client_name: link.clientName, code: link.code};
}
