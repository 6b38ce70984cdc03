// The one authentication step for everything the daemon serves: it runs the credential checks, throttles
// failed attempts per address, and leaves the caller (and a client's grants) on response.locals. Whether the
// caller may use a route is the route's declaration (needs.ts), not this step's.
import type {Request, RequestHandler} from 'express';
import type {AccessControl} from '../capabilities/access-control.js';
import {effectivePermissions} from '../../common/capabilities/effective.js';
import {fsReadPolicy} from '../../common/capabilities/fs-scopes.js';
import {isProven, type Caller} from './caller.js';
import type {CredentialCheck} from './credentials.js';
import type {FailedAuthentications} from './failed-authentications.js';
import {HttpError, unauthorized} from './http-error.js';
import {partyOf} from './party.js';

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
async function identify(request: Request, deps: AuthenticateDeps): Promise<Caller | undefined> {
	let rejected: Caller | undefined;
	let throttleChecked = false;
	for (const credential of deps.checks) {
		if (!credential.presented(request)) {
			continue;
		}

		if (credential.throttled && !throttleChecked) {
			throttleChecked = true;
			await deps.failures.refuseIfBlocked(addressOf(request));
		}

		const caller = credential.check(request);
		if (caller?.kind === 'rejected') {
			rejected ??= caller;
		} else if (caller) {
			return caller;
		}
	}

	return rejected;
}

export function authenticate(deps: AuthenticateDeps): RequestHandler {
	return async (request, response, next) => {
		const {capabilities} = deps.access.current();
		let caller = await identify(request, deps);
		if (caller?.kind === 'rejected') {
			await deps.failures.record(addressOf(request));
		}

		// Nothing configured: the daemon listens on loopback only and serves the local user (but an endpoint that
		// offers OAuth sign-in wants a credential from everyone: that is how an assistant is told to sign in).
		const {signIn} = response.locals;
		caller ??= deps.ownerKey || capabilities.length > 0 || signIn ? {kind: 'anonymous'} : {kind: 'owner', via: 'loopback'};
		if (response.locals.unexpectedHost !== undefined && !isProven(caller)) {
			throw caller.kind === 'rejected'
				? unauthorized(caller.message, signIn?.resourceMetadata)
				: new HttpError(403, 'forbidden', `unexpected Host '${response.locals.unexpectedHost}' (DNS-rebinding guard): a request under another name must authenticate with a key, or the name be listed in MD_VECTOR_ALLOWED_HOSTS`);
		}

		response.locals.caller = caller;
		if (caller.kind === 'client') {
			const party = partyOf(request, caller.label);
			response.locals.grants = effectivePermissions([...capabilities, ...caller.capabilities ?? []], party);
			response.locals.readPolicy = fsReadPolicy(response.locals.grants);
			if (!party.local && request.headers.origin && response.locals.grants.length > 0) {
				response.setHeader('Access-Control-Allow-Origin', request.headers.origin); // a capability's remote.urls allow this page
				response.setHeader('Vary', 'Origin');
			}
		}

		next();
	};
}
