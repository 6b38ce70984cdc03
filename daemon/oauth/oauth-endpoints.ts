// OAuth's own endpoints at the root, each a route that declares what it needs (the permission walk sees them).
// They are `open` by design: the protocol's endpoints are how a caller without a credential gets one, and each
// checks what it is sent (metadata is public; registration takes loopback redirect addresses only; authorize
// only leads to the owner's consent page; token wants a single-use code with its PKCE verifier or a refresh
// token; revoke, a token of the client). The consent pages check the owner themselves (a one-time link, the
// API key, a proof tied to the request, form posts from this origin only). Like every path they are behind the
// Host/Origin guard, with budgets of their own that many addresses cannot split (address-budget.ts): requests
// (120 a minute per address group, every loopback address together; 600 from everyone), and registrations, which
// leave state behind (20 an hour per address group, 60 from everyone), with a body of at most 16 KB.
import {Router, type RequestHandler} from 'express';
import {open} from '../http/route-access.js';
import {AddressBudget, budgetSays, type BudgetLimits} from '../http/address-budget.js';
import {addressOf} from '../http/authenticate.js';
import {bodyLimit} from '../http/body-limit.js';
import {HttpError} from '../http/http-error.js';
import type {OAuthLimits} from './oauth-settings.js';

/** The metadata (RFC 8414, and RFC 9728 for both MCP endpoints) and the protocol's endpoints (the MCP SDK's). */
export const protocolPaths = [
	'/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource/sse',
	'/authorize', '/token', '/register', '/revoke',
] as const;

/** md-vector's consent pages (consent-routes.ts). */
export const consentPaths = ['/oauth/consent', '/oauth/sign-in'] as const;

/** A registration's body: a name and a few redirect addresses fit in far less. */
export const registrationBodyBytes = 16 * 1024;

function limited(limits: BudgetLimits, what: string, only?: (method: string) => boolean): RequestHandler {
	const budget = new AddressBudget(limits);
	return async (request, _response, next) => {
		if (only && !only(request.method)) {
			next();
			return;
		}

		const address = addressOf(request);
		const exhausted = await budget.take(address);
		if (exhausted) {
			throw new HttpError(429, 'rate_limited', budgetSays(exhausted, address, what, limits.durationSeconds), {'Retry-After': String(exhausted.retryS)});
		}

		next();
	};
}

/** `router` answers every path above (for the address the request came to); each method it does not take is its 405 or 404. */
export function oauthEndpoints(router: RequestHandler, limits: OAuthLimits): Router {
	const endpoints = Router();
	const requests = limited(limits.requests, 'requests to the OAuth endpoints');
	const registrations = limited(limits.registrations, 'OAuth registrations', method => method === 'POST');
	const registrationBody = bodyLimit(registrationBodyBytes, `a registration may be at most ${registrationBodyBytes / 1024} KB`);
	for (const path of [...protocolPaths, ...consentPaths]) {
		if (path === '/register') {
			endpoints.all(path, open, requests, registrationBody, registrations, router);
		} else {
			endpoints.all(path, open, requests, router);
		}
	}

	return endpoints;
}
