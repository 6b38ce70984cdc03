// What each route needs, declared where the route is (router.post('/search', needs('search:default', 'body'),
// handler)), typed by the permission catalogue. A route whose first handler is not a declaration is refused
// (route-declarations.ts), and a test walks every route: anything undeclared is denied by construction.
import type {Request, Response} from 'express';
import {allowsCollection} from '../../common/capabilities/effective.js';
import type {collectionPermissions} from '../../common/capabilities/permission-catalogue.js';
import {defaultCollection} from '../../common/search-contract.js';
import type {Caller} from './caller.js';
import {HttpError, unauthorized} from './http-error.js';
import {partyOf} from './party.js';

export type CollectionPermission = (typeof collectionPermissions)[number];

/** Where a route names the collection its permission applies to ('path': the :name parameter; 'none': any grant of the permission will do). */
export type CollectionIn = 'body' | 'query' | 'path' | 'none';

export type Need
	= | {readonly kind: 'open'} // Anyone who passed the Host guard (GET /health).
		/** Any caller the daemon serves: the owner, or a client that some capability applies to (MCP, whose tools declare their own). */
		| {readonly kind: 'caller'}
		/** The owner who proved it (the local token of md-vector's own commands, or the API key): managing clients. */
		| {readonly kind: 'owner'}
		| {readonly kind: 'permission'; readonly permission: CollectionPermission; readonly collection: CollectionIn};

/** A route's first handler. Its parameters are typed unknown so that Express still infers the route's own for the handlers after it. */
export type Declaration = ((request: unknown, response: unknown, next: () => void) => void) & {readonly need: Need};

const declarations = new WeakSet();

/** The need a handler declares, if it is a declaration. */
export const declaredNeed = (handler: unknown): Need | undefined => (typeof handler === 'function' && declarations.has(handler) ? (handler as Declaration).need : undefined);

const missingKey = 'missing API key: send it in the X-API-Key header (or Authorization: Bearer)';
const signInFirst = 'sign in: this MCP server needs a credential (OAuth sign-in, a client key or the API key)';
const ownersOnly = 'only the owner may do this: md-vector\'s own commands (the local token) or the API key holder';

/** The collection a request names in its body or query string (a non-string is left to the route's validation). */
export function collectionOf(request: Request, where: CollectionIn): string | undefined {
	if (where === 'none') {
		return undefined;
	}

	if (where === 'path') {
		const {name} = request.params as {name?: unknown};
		return typeof name === 'string' ? name : undefined;
	}

	const source = (where === 'body' ? request.body : request.query) as {collection?: unknown} | undefined;
	return typeof source?.collection === 'string' ? source.collection : defaultCollection;
}

/** 401 for a caller without a credential, or with one that proves nothing (naming where to sign in, on MCP). */
function refuseUnproven(caller: Caller, signIn: Response['locals']['signIn']): asserts caller is Exclude<Caller, {kind: 'rejected' | 'anonymous'}> {
	if (caller.kind === 'rejected') {
		throw unauthorized(caller.message, signIn?.resourceMetadata);
	}

	if (caller.kind === 'anonymous') {
		throw unauthorized(signIn ? signInFirst : missingKey, signIn?.resourceMetadata);
	}
}

/**
 * Lets the request through when its caller may do `need`; 401 without a caller where one is needed, 403 for a
 * client without the permission on the collection. `what` names the action in a refusal (an MCP tool).
 */
export function admit(request: Request, response: Response, need: Need, collection?: string, what = ''): void {
	const {caller, grants = []} = response.locals;
	if (need.kind === 'open') {
		return;
	}

	if (!caller) {
		throw new HttpError(500, 'internal_error', 'this route is mounted before authentication: refused');
	}

	refuseUnproven(caller, response.locals.signIn);
	if (need.kind === 'owner') {
		if (caller.kind === 'owner' && caller.via !== 'loopback') {
			return;
		}

		throw new HttpError(403, 'forbidden', caller.kind === 'client' ? `client '${caller.label}' may not: ${ownersOnly}` : ownersOnly);
	}

	if (caller.kind !== 'client') {
		return; // The owner
	}

	if (grants.length === 0) {
		const party = partyOf(request, caller.label);
		const where = party.local ? 'over loopback' : `from ${party.origin ?? 'an unknown origin'}`;
		throw new HttpError(403, 'forbidden', `client '${caller.label}' matches no capability for requests ${where}`);
	}

	if (need.kind === 'permission' && !allowsCollection(grants, need.permission, collection)) {
		const on = collection === undefined ? '' : ` on collection '${collection}'`;
		throw new HttpError(403, 'forbidden', `client '${caller.label}' lacks '${need.permission}'${on}${what}`);
	}
}

function declare(need: Need): Declaration {
	const handler = (request: unknown, response: unknown, next: () => void) => {
		admit(request as Request, response as Response, need, need.kind === 'permission' ? collectionOf(request as Request, need.collection) : undefined);
		next();
	};

	declarations.add(handler);
	return Object.assign(handler, {need});
}

/** The route needs `permission` on the collection named in the body or query string (or on none). */
export const needs = (permission: CollectionPermission, collection: CollectionIn): Declaration => declare({kind: 'permission', permission, collection});

/** The route is open to anyone who passed the Host guard. */
export const open = declare({kind: 'open'});

/** The route serves any caller; what it does for them is checked further in (MCP tools). */
export const anyCaller = declare({kind: 'caller'});

/**
 * The route is the proven owner's only (the clients and their OAuth sign-ins): not a client, and not anyone
 * over loopback on a daemon without a key, since the local token is readable by the local user alone.
 */
export const ownerOnly = declare({kind: 'owner'});

/** The collections a caller may use with `permission` (all for the owner). */
export const allowedCollection = (response: Response, permission: CollectionPermission) => (name: string) => {
	const {grants} = response.locals;
	return response.locals.caller?.kind !== 'client' || allowsCollection(grants ?? [], permission, name);
};

/** The collections a caller may see listed (all for the owner). */
export const visibleCollection = (response: Response) => allowedCollection(response, 'collections:read');
