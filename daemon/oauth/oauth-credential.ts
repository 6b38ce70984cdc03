// OAuth access tokens as one more kind of credential (credentials.ts): `Authorization: Bearer mdvo_at_...` is
// looked up by the provider (the token's hash, its expiry, its grant still in force) and proves a client, the
// signed-in application's label, whose grant is a capability of its own. Valid on the MCP endpoints only: the
// REST API is for md-vector's own programs and key holders, so a token there proves nothing (401).
import type {Request, RequestHandler} from 'express';
import type {CredentialCheck} from '../http/credentials.js';
import type {OAuth} from './oauth.js';
import {isAccessToken} from './secrets.js';

/** The MCP endpoint a path belongs to: /mcp, or /sse for the legacy transport's stream and its /messages. */
export function mcpPathOf(path: string): '/mcp' | '/sse' | undefined {
	const [, first] = path.split('/');
	if (first === 'mcp') {
		return '/mcp';
	}

	return first === 'sse' || first === 'messages' ? '/sse' : undefined;
}

function bearerToken(request: Request): string | undefined {
	const {authorization} = request.headers;
	return typeof authorization === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
}

export function oauthCredential(oauth: OAuth): CredentialCheck {
	return {
		presented: request => isAccessToken(bearerToken(request) ?? ''),
		check(request) {
			const token = bearerToken(request);
			if (token === undefined || !isAccessToken(token)) {
				return undefined;
			}

			if (!mcpPathOf(request.path)) {
				return {kind: 'rejected', message: 'an OAuth access token works on the MCP endpoints (/mcp, /sse) only: the REST API takes the API key or a client key'};
			}

			const client = oauth.client(token);
			return client
				? {kind: 'client', label: client.label, via: 'oauth', capabilities: [client.capability]}
				: {kind: 'rejected', message: 'the OAuth access token is unknown, expired or revoked: sign in again'};
		},
		throttled: true, // as a key: from an address blocked for failed authentications, no token is tried either
	};
}

/**
 * On the MCP endpoints while OAuth is on: every caller needs a credential, and a 401 says where to sign in
 * (the resource metadata of RFC 9728, offered under 127.0.0.1, localhost and https). Runs before authentication.
 */
export function offerSignIn(oauth: OAuth): RequestHandler {
	return (request, response, next) => {
		const mcpPath = mcpPathOf(request.path);
		if (mcpPath) {
			response.locals.signIn = {resourceMetadata: oauth.resourceMetadata(request, mcpPath)};
		}

		next();
	};
}
