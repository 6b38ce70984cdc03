// What each route serves, declared where the route is (router.post('/search', serves('search', 'none'),
// handler)): the operation of the use-case layer (use-cases/operations.ts) and so the permission it needs. A
// route whose first handler is not a declaration is refused (route-declarations.ts), and a test walks every
// route: anything undeclared is denied by construction. The declaration authenticates (401) and refuses a
// caller without the operation's permission on the collection the request names, before its input is read;
// the use case checks the collections it resolves with the same rule (Actor.require).
import type {Request, Response} from 'express';
import {defaultCollection} from '../../common/search-contract.js';
import {operations, type CollectionPermission, type Operation} from '../use-cases/operations.js';
import type {Caller} from './caller.js';
import {HttpError, unauthorized} from './http-error.js';

/**
 * Where a route names the collection its permission applies to: 'body' and 'query' the one named there, else the
 * default collection; 'named-body' and 'named-query' the one named there, else none (the use case resolves which:
 * a search's `collections`, an import's export); 'path' the :name parameter; 'none': any grant of the permission.
 */
export type CollectionIn = 'body' | 'query' | 'named-body' | 'named-query' | 'path' | 'none';

export type Need
	= | {readonly kind: 'open'} // Anyone who passed the Host guard (GET /health).
		/** Any caller the daemon serves: the owner, or a client that some capability applies to (MCP, whose tools declare their own). */
		| {readonly kind: 'caller'}
		/** The owner who proved it (the local token of md-vector's own commands, or the API key): managing clients. */
		| {readonly kind: 'owner'}
		| {readonly kind: 'permission'; readonly operation: Operation; readonly permission: CollectionPermission; readonly collection: CollectionIn};

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

	const source = (where === 'body' || where === 'named-body' ? request.body : request.query) as {collection?: unknown} | undefined;
	return typeof source?.collection === 'string' ? source.collection : (where === 'named-body' || where === 'named-query' ? undefined : defaultCollection);
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
export function admit(response: Response, need: Need, collection?: string, what = ''): void {
	const {caller, actor} = response.locals;
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

	if (!actor) {
		throw new HttpError(500, 'internal_error', 'this route is mounted before the actor step: refused');
	}

	if (need.kind === 'permission') {
		actor.require(need.permission, collection, what);
	} else {
		actor.requireServed();
	}
}

function declare(need: Need): Declaration {
	const handler = (request: unknown, response: unknown, next: () => void) => {
		admit(response as Response, need, need.kind === 'permission' ? collectionOf(request as Request, need.collection) : undefined);
		next();
	};

	declarations.add(handler);
	return Object.assign(handler, {need});
}

/** The route serves `operation`: its permission, on the collection named in the body, query string or path (or on none). */
export const serves = (operation: Operation, collection: CollectionIn): Declaration => declare({kind: 'permission', operation, permission: operations[operation], collection});

/** The route is open to anyone who passed the Host guard. */
export const open = declare({kind: 'open'});

/** The route serves any caller; what it does for them is checked further in (MCP tools). */
export const anyCaller = declare({kind: 'caller'});

/**
 * The route is the proven owner's only (the clients and their OAuth sign-ins): not a client, and not anyone
 * over loopback on a daemon without a key, since the local token is readable by the local user alone.
 */
export const ownerOnly = declare({kind: 'owner'});
