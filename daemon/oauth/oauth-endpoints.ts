// Only OAuth's own paths at the root go to the OAuth router, behind the Host/Origin guard (DNS rebinding) and a
// rate limit per address (120 requests a minute: a sign-in takes about ten); everything else passes by untouched.
import {Router, type RequestHandler} from 'express';
import {rateLimit} from '../http/rate-limit.js';

const oauthPaths = /^\/(?:\.well-known\/oauth-(?:authorization-server|protected-resource)|authorize|token|register|revoke|oauth\/)/;

export function oauthEndpoints(guard: RequestHandler, router: RequestHandler): RequestHandler {
	const guarded = Router();
	guarded.use(guard, rateLimit({points: 120, durationSeconds: 60}), router);
	return (request, response, next) => {
		if (oauthPaths.test(request.path)) {
			guarded(request, response, next);
		} else {
			next();
		}
	};
}
