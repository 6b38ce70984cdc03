// Who a request comes from, as authentication found it, kept on response.locals for the steps after it
// (rate limit, the route's permission, the fs scopes of file_path ingest).
import type {ReadPolicy} from '../../common/access/fs-scopes.js';
import type {Grant} from '../../common/access/effective.js';
import type {Capability} from '../../common/access/validate-capabilities.js';
import type {Actor} from '../use-cases/actor.js';

export type Authentication
	= | {readonly kind: 'owner'; readonly via: 'local-token' | 'api-key' | 'loopback'} // The owner: the local user's own md-vector programs (local token), the MD_VECTOR_API_KEY holder, or anyone over loopback when no key and no capability is configured.
		/**
		 * A client by its credential (an API key of clients.json; other kinds of credential name theirs in `via`,
		 * 'oauth'). `capabilities`: what the credential itself grants (an OAuth sign-in's grant), besides the files'.
		 */
		| {readonly kind: 'client'; readonly label: string; readonly via: string; readonly capabilities?: readonly Capability[]}
		/** No credential, where one is needed. */
		| {readonly kind: 'anonymous'}
		/** A credential that proves nothing (unknown key, wrong token): `message` says which. */
		| {readonly kind: 'rejected'; readonly message: string};

/** Whether the caller showed a credential that proved who it is (a web page cannot: it does not have one). */
export const isProven = (authentication: Authentication) => authentication.kind === 'client' || (authentication.kind === 'owner' && authentication.via !== 'loopback');

declare global {
	// eslint-disable-next-line @typescript-eslint/no-namespace -- Express types response.locals through this namespace
	namespace Express {
		// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
		interface Locals {
			/** Set by authenticate() for every request that reaches a route. */
			authentication?: Authentication;
			/** A client's permissions (owners have none and are not limited). */
			grants?: Grant[];
			/** What a client's fs permissions let file_path and directory ingest read. */
			readPolicy?: ReadPolicy;
			/** The caller as the use cases see it (http/actor-of.ts): set for the owner and clients. */
			actor?: Actor;
			/** The request's Host is not one the daemon is known by: only a proven caller may go on (DNS-rebinding guard). */
			unexpectedHost?: string;
			/**
			 * The endpoint offers OAuth sign-in (MCP with OAuth on): every caller needs a credential, even on a
			 * loopback-only daemon, and a 401 names the resource metadata (absent where OAuth is not offered under
			 * the request's Host).
			 */
			signIn?: {readonly resourceMetadata?: string};
		}
	}
}
