// The one authentication step for everything the daemon serves: it runs the credential checks, throttles
// failed attempts per address, and leaves the caller (and a client's grants) on response.locals. Whether the
// caller may use a route is the route's declaration (route-access.ts), not this step's.
import type {Request, RequestHandler} from 'express';
import {effectivePermissions} from '../../common/access/effective.js';
import {fsReadPolicy} from '../../common/access/fs-scopes.js';
import type {AccessControl} from './access-control.js';
import {isProven, type Authentication} from './authentication.js';
import type {CredentialCheck} from './credentials.js';
import type {FailedAuthentications} from './failed-authentications.js';
import {HttpError, unauthorized} from './http-error.js';
import {requestSourceOf} from './request-source.js';

export type AuthenticateDeps = {
	/** In order; the first that proves a caller wins. */
	readonly checks: readonly CredentialCheck[];
	readonly failures: FailedAuthentications;
	readonly access: AccessControl;
	/** MD_VECTOR_API_KEY is set. */
	readonly ownerKey: boolean;
};

export const addressOf = (request: Request) => request.socket.remoteAddress ?? 'unknown';

/** The caller a request's credentials prove: the first proof, else a rejection, else none. */
async function identify(request: Request, deps: AuthenticateDeps): Promise<Authentication | undefined> {
	let rejected: Authentication | undefined;
	let throttleChecked = false;
	for (const credential of deps.checks) {
		if (!credential.presented(request)) {
			continue;
		}

		if (credential.throttled && !throttleChecked) {
			throttleChecked = true;
			await deps.failures.refuseIfBlocked(addressOf(request));
		}

		const authentication = credential.check(request);
		if (authentication?.kind === 'rejected') {
			rejected ??= authentication;
		} else if (authentication) {
			return authentication;
		}
	}

	return rejected;
}

export function authenticate(deps: AuthenticateDeps): RequestHandler {
	return async (request, response, next) => {
		const {capabilities} = deps.access.current();
		let authentication = await identify(request, deps);
		if (authentication?.kind === 'rejected') {
			await deps.failures.record(addressOf(request));
		}

		// Nothing configured: the daemon listens on loopback only and serves the local user (but an endpoint that
		// offers OAuth sign-in wants a credential from everyone: that is how an assistant is told to sign in).
		const {signIn} = response.locals;
		authentication ??= deps.ownerKey || capabilities.length > 0 || signIn ? {kind: 'anonymous'} : {kind: 'owner', via: 'loopback'};
		if (response.locals.unexpectedHost !== undefined && !isProven(authentication)) {
			throw authentication.kind === 'rejected'
				? unauthorized(authentication.message, signIn?.resourceMetadata)
				: new HttpError(403, 'forbidden', `unexpected Host '${response.locals.unexpectedHost}' (DNS-rebinding guard): a request under another name must authenticate with a key, or the name be listed in MD_VECTOR_ALLOWED_HOSTS`);
		}

		response.locals.authentication = authentication;
		if (authentication.kind === 'client') {
			const source = requestSourceOf(request, authentication.label);
			response.locals.grants = effectivePermissions([...capabilities, ...authentication.capabilities ?? []], source);
			response.locals.readPolicy = fsReadPolicy(response.locals.grants);
			if (!source.local && request.headers.origin && response.locals.grants.length > 0) {
				response.setHeader('Access-Control-Allow-Origin', request.headers.origin); // a capability's remote.urls allow this page
				response.setHeader('Vary', 'Origin');
			}
		}

		next();
	};
}
