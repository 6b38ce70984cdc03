// The OAuth endpoints at the daemon's root, as the MCP SDK's mcpAuthRouter makes them (RFC 8414 metadata,
// RFC 9728 protected-resource metadata for /mcp and /sse, RFC 7591 registration, authorize, token, revoke),
// plus the consent pages. The issuer is the address the request came to (127.0.0.1 or localhost, any port), so a
// daemon on a free port, or reached by either name, describes itself correctly; one router per address, made once.
import {Router, type RequestHandler} from 'express';
import {mcpAuthMetadataRouter, mcpAuthRouter, createOAuthMetadata} from '@modelcontextprotocol/sdk/server/auth/router.js';
import type {OAuthProvider} from './oauth-provider.js';
import {offeredIdentifiers} from './grant-capability.js';
import {oauthOrigin} from './oauth-origin.js';
import {checkAuthorizeRedirect} from './authorize-redirect.js';

/** Where a client learns how to sign in for an MCP endpoint (sent in WWW-Authenticate with a 401). */
export const resourceMetadataUrl = (origin: string, mcpPath: string) => `${origin}/.well-known/oauth-protected-resource${mcpPath}`;

export function oauthRouter(provider: OAuthProvider, consent: Router): RequestHandler {
	const routers = new Map<string, Router>();
	const make = (origin: string) => {
		const options = {provider, issuerUrl: new URL(`${origin}/`), scopesSupported: [...offeredIdentifiers], resourceName: 'md-vector'};
		const router = Router();
		// The SDK's own limiters would be made per address, at request time; oauth-endpoints.ts limits all at once.
		const noLimit = {rateLimit: false} as const;
		router.all('/authorize', ...checkAuthorizeRedirect(provider.clientsStore));
		router.use(mcpAuthRouter({
			...options, resourceServerUrl: new URL(`${origin}/mcp`),
			authorizationOptions: noLimit, tokenOptions: noLimit, clientRegistrationOptions: noLimit, revocationOptions: noLimit,
		}));
		router.use(mcpAuthMetadataRouter({oauthMetadata: createOAuthMetadata(options), resourceServerUrl: new URL(`${origin}/sse`), scopesSupported: options.scopesSupported, resourceName: 'md-vector'}));
		router.use(consent);
		return router;
	};

	return (request, response, next) => {
		const origin = oauthOrigin(request);
		if (!origin) {
			next();
			return;
		}

		let router = routers.get(origin);
		if (!router) {
			if (routers.size >= 16) { // a Host header may name any port: keep a few
				routers.delete(routers.keys().next().value!);
			}

			router = make(origin);
			routers.set(origin, router);
		}

		router(request, response, next);
	};
}
