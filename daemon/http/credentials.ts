// The kinds of credential a request may carry, each checked in one place. Authentication runs them in order:
// the first that proves a caller wins; a credential that proves nothing makes the request rejected (401 where a
// route needs a caller). A new kind (OAuth access tokens) is one more CredentialCheck in the list.
import {createHash, timingSafeEqual} from 'node:crypto';
import type {Request} from 'express';
import {localTokenHeader} from '../../common/local-token.js';
import type {AccessControl} from './access-control.js';
import type {Authentication} from './authentication.js';

export type CredentialCheck = {
	/** Whether the request carries this kind of credential (such a request may come under any Host: it is checked, and a web page cannot send one). */
	readonly presented: (request: Request) => boolean;
	/** The caller it proves; a `rejected` caller when it is presented but wrong; undefined when absent or not of this kind. */
	readonly check: (request: Request) => Authentication | undefined;
	/** Checked only while the source address is not blocked for failed authentications (false: a credential that cannot be guessed, the local token). */
	readonly throttled: boolean;
};

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Constant time: both sides are hashed first, so their lengths match. */
const sameSecret = (hash: Buffer, expected: Buffer) => timingSafeEqual(hash, expected);

/** The client's key from X-API-Key or Authorization: Bearer. */
export function presentedKey(headers: Request['headers']): string | undefined {
	const header = headers['x-api-key'];
	if (typeof header === 'string' && header) {
		return header;
	}

	const {authorization} = headers;
	const match = typeof authorization === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(authorization) : null;
	return match?.[1];
}

/** The token of the discovery record (readable by the local user only): md-vector's own CLI, TUI and MCP bridge. */
export function localTokenCheck(token: string): CredentialCheck {
	const expected = digest(token);
	return {
		presented: request => request.headers[localTokenHeader] !== undefined,
		check(request) {
			const presented = request.headers[localTokenHeader];
			if (presented === undefined) {
				return undefined;
			}

			return typeof presented === 'string' && sameSecret(digest(presented), expected)
				? {kind: 'owner', via: 'local-token'}
				: {kind: 'rejected', message: 'invalid local token (X-MD-Vector-Local): it is not this daemon\'s'};
		},
		throttled: false,
	};
}

/**
 * MD_VECTOR_API_KEY (the owner) and the keys of clients.json (clients, once a capability file exists). With
 * neither configured a key proves nothing and is ignored: the daemon then serves loopback only.
 */
export function apiKeyCheck(apiKey: string | undefined, access: AccessControl): CredentialCheck {
	const ownerKey = apiKey ? digest(apiKey) : undefined;
	return {
		presented: request => presentedKey(request.headers) !== undefined,
		check(request) {
			const key = presentedKey(request.headers);
			const {capabilities, clients} = access.current();
			const clientKeys = capabilities.length > 0;
			if (key === undefined || (!ownerKey && !clientKeys)) {
				return undefined;
			}

			const hash = digest(key);
			if (ownerKey && sameSecret(hash, ownerKey)) {
				return {kind: 'owner', via: 'api-key'};
			}

			const client = clientKeys ? clients.find(entry => sameSecret(Buffer.from(entry.keyHash, 'hex'), hash)) : undefined;
			return client ? {kind: 'client', label: client.label, via: 'api-key'} : {kind: 'rejected', message: 'invalid API key'};
		},
		throttled: true,
	};
}
