// The credential check for OAuth access tokens (the module REST and MCP key checks call): the SDK's
// requireBearerAuth does the protocol (the header, the token, its expiry, and a 401 with WWW-Authenticate that
// names the resource metadata); then the token's grant is a capability, and the caller's grants are computed as for
// any clients.json client, together with the capability files that name its label.
import type {Request, RequestHandler, Response} from 'express';
import {requireBearerAuth} from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type {AccessControl} from '../capabilities/access-control.js';
import {effectivePermissions} from '../../common/capabilities/effective.js';
import {fsReadPolicy} from '../../common/capabilities/fs-scopes.js';
import {partyOf} from '../http/authorize.js';
import {HttpError} from '../http/http-error.js';
import type {OAuth} from './oauth.js';
import {oauthOrigin, resourceMetadataUrl} from './oauth-router.js';

/** The SDK answers {error, error_description} (RFC 6750); md-vector's bodies are {error: {code, message}}. */
function inOwnErrorFormat(response: Response): () => void {
	const original = response.json.bind(response);
	response.json = body => original(typeof body?.error === 'string' ? {error: {code: body.error as string, message: String(body.error_description ?? body.error)}} : body);
	return () => {
		response.json = original;
	};
}

export function oauthBearer(oauth: OAuth, access: AccessControl, mcpPath: string): RequestHandler {
	const identify = (request: Request, response: Response) => {
		const client = oauth.client((request as Request & {auth?: {token: string}}).auth!.token);
		if (!client) {
			throw new HttpError(401, 'invalid_token', 'the access token is unknown, expired or revoked', {'WWW-Authenticate': oauth.challenge(request, mcpPath)});
		}

		const grants = effectivePermissions([...access.current().capabilities, client.capability], partyOf(request, client.label));
		if (grants.length === 0) {
			throw new HttpError(403, 'forbidden', `client '${client.label}' signed in with OAuth, which is valid over loopback only`);
		}

		response.locals.client = client.label;
		response.locals.grants = grants;
		response.locals.readPolicy = fsReadPolicy(grants);
	};

	return async (request, response, next) => {
		const origin = oauthOrigin(request);
		const bearer = requireBearerAuth({verifier: oauth.provider, resourceMetadataUrl: origin && resourceMetadataUrl(origin, mcpPath)});
		const restore = inOwnErrorFormat(response);
		let passed = false;
		await bearer(request, response, () => {
			passed = true;
		});
		restore();
		if (passed) {
			identify(request, response);
			next();
		}
	};
}
