// OAuth's own endpoints at the root, each a route that declares what it needs (the permission walk sees them).
// They are `open` by design: the protocol's endpoints are how a caller without a credential gets one, and each
// checks what it is sent (metadata is public; registration takes loopback redirect addresses only; authorize
// only leads to the owner's consent page; token wants a single-use code with its PKCE verifier or a refresh
// token; revoke, a token of the client). The consent pages check the owner themselves (a one-time link, the
// API key, a proof tied to the request, form posts from this origin only). Like every path they are behind the
// Host/Origin guard, with a rate limit per address of their own (120 a minute: a sign-in takes about ten).
import {Router, type RequestHandler} from 'express';
import {open} from '../http/needs.js';
import {rateLimit} from '../http/rate-limit.js';

/** The metadata (RFC 8414, and RFC 9728 for both MCP endpoints) and the protocol's endpoints (the MCP SDK's). */
export const protocolPaths = [
	'/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource/sse',
	'/authorize', '/token', '/register', '/revoke',
] as const;

/** md-vector's consent pages (consent-routes.ts). */
export const consentPaths = ['/oauth/consent', '/oauth/sign-in'] as const;

/** `router` answers every path above (for the address the request came to); each method it does not take is its 405 or 404. */
export function oauthEndpoints(router: RequestHandler): Router {
	const endpoints = Router();
	const limit = rateLimit({points: 120, durationSeconds: 60}, (_caller, address) => `address:${address}`);
	for (const path of [...protocolPaths, ...consentPaths]) {
		endpoints.all(path, open, limit, router);
	}

	return endpoints;
}
