// Who may use the MCP endpoints (/mcp, /sse). The local token (the owner's own `md-vector mcp`) is the owner, also
// on a daemon with an API key. With OAuth on (the default) every other caller needs a credential: the API key, a
// clients.json key, or an OAuth access token, and a
// request without one gets 401 with WWW-Authenticate naming the resource metadata, which starts the sign-in
// in the assistant's host. OAuth tokens are checked by oauth-bearer.ts; every other credential by the REST
// API's own check (authorize.ts), unchanged.
import type {RequestHandler} from 'express';
import {authenticate, type AuthorizeDeps} from '../http/authorize.js';
import {presentedKey} from '../http/auth.js';
import {HttpError} from '../http/http-error.js';
import type {OAuth} from '../oauth/oauth.js';
import {oauthBearer} from '../oauth/oauth-bearer.js';
import {isAccessToken} from '../oauth/secrets.js';

export function mcpAuthenticate(deps: AuthorizeDeps, oauth: OAuth | undefined, mcpPath: '/mcp' | '/sse'): RequestHandler {
	const keyCheck = authenticate(deps);
	const bearer = oauth && oauthBearer(oauth, deps.access, mcpPath);
	return async (request, response, next) => {
		const key = presentedKey(request.headers);
		if (bearer && key && isAccessToken(key)) {
			await bearer(request, response, next);
			return;
		}

		if (deps.isLocalUser?.(request)) { // the owner's own `md-vector mcp`, whatever else is configured
			next();
			return;
		}

		const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message, {'WWW-Authenticate': oauth?.challenge(request, mcpPath) ?? 'Bearer'});
		if (oauth?.settings.enabled) {
			if (!key) {
				throw unauthorized('sign in: this MCP server needs a credential (OAuth sign-in, a client key or the API key)');
			}

			if (!deps.apiKey && deps.access.current().capabilities.length === 0) {
				throw unauthorized('invalid API key: this daemon has neither an API key nor clients; sign in with OAuth');
			}
		}

		try {
			keyCheck(request, response, next);
		} catch (error) {
			if (error instanceof HttpError && error.status === 401 && oauth) {
				throw new HttpError(401, error.code, error.message, {...error.headers, 'WWW-Authenticate': oauth.challenge(request, mcpPath)});
			}

			throw error;
		}
	};
}
