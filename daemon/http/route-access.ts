// What each route serves, declared where the route is (router.post('/search', serves('search', 'body'),
// handler)): the operation of the use-case layer (use-cases/operations.ts: its permission, and which collection
// a call names), and where the request holds its input. A route whose first handler is not a declaration is
// refused (route-declarations.ts), and a test walks every route: anything undeclared is denied by construction.
// The declaration authenticates (401) and asks the one gatekeeper (use-cases/admit-operation.ts, as MCP tool
// calls do) with the collection the request names, before its input is read; the use case checks the
// collections it resolves with the same rule (Actor.require).
import type {Request, Response} from 'express';
import {admitOperation} from '../use-cases/admit-operation.js';
import {operationRules, type CollectionPermission, type Operation} from '../use-cases/operations.js';
import type {Authentication} from './authentication.js';
import {HttpError, unauthorized} from './http-error.js';

/** Where a request holds its input: the body, the query string (`collection` in either), or the path (its :name). */
export type InputIn = 'body' | 'query' | 'path';

export type Need
	= | {readonly kind: 'open'} // Anyone who passed the Host guard (GET /health).
		/** Any caller the daemon serves: the owner, or a client that some capability applies to (MCP, whose tools declare their own). */
		| {readonly kind: 'caller'}
		/** The owner who proved it (the local token of md-vector's own commands, or the API key): managing clients. */
		| {readonly kind: 'owner'}
		| {
			readonly kind: 'permission'; readonly operation: Operation; readonly permission: CollectionPermission;
			/** Where the collection is named (absent: the operation names none). */
			readonly where?: InputIn;
			/** The collection a request that names none means, where the route's input has a default of its own. */
			readonly absent?: string;
		};

/** A route's first handler. Its parameters are typed unknown so that Express still infers the route's own for the handlers after it. */
export type Declaration = ((request: unknown, response: unknown, next: () => void) => void) & {readonly need: Need};

const declarations = new WeakSet();

/** The need a handler declares, if it is a declaration. */
export const declaredNeed = (handler: unknown): Need | undefined => (typeof handler === 'function' && declarations.has(handler) ? (handler as Declaration).need : undefined);

const missingKey = 'missing API key: send it in the X-API-Key header (or Authorization: Bearer)';
const signInFirst = 'sign in: this MCP server needs a credential (OAuth sign-in, a client key or the API key)';
const ownersOnly = 'only the owner may do this: md-vector\'s own commands (the local token) or the API key holder';

/** The collection a request names in its body, query string or path (a non-string is left to the route's validation). */
export function collectionOf(request: Request, where: InputIn): string | undefined {
	const named = where === 'path' ? (request.params as {name?: unknown}).name : ((where === 'body' ? request.body : request.query) as {collection?: unknown} | undefined)?.collection;
	return typeof named === 'string' ? named : undefined;
}

/** 401 for a caller without a credential, or with one that proves nothing (naming where to sign in, on MCP). */
function refuseUnproven(authentication: Authentication, signIn: Response['locals']['signIn']): asserts authentication is Exclude<Authentication, {kind: 'rejected' | 'anonymous'}> {
	if (authentication.kind === 'rejected') {
		throw unauthorized(authentication.message, signIn?.resourceMetadata);
	}

	if (authentication.kind === 'anonymous') {
		throw unauthorized(signIn ? signInFirst : missingKey, signIn?.resourceMetadata);
	}
}

/**
 * Lets the request through when its caller may do `need`; 401 without a caller where one is needed, 403 for a
 * client without the permission on the collection named.
 */
export function admit(response: Response, need: Need, collection?: string): void {
	const {authentication, actor} = response.locals;
	if (need.kind === 'open') {
		return;
	}

	if (!authentication) {
		throw new HttpError(500, 'internal_error', 'this route is mounted before authentication: refused');
	}

	refuseUnproven(authentication, response.locals.signIn);
	if (need.kind === 'owner') {
		if (authentication.kind === 'owner' && authentication.via !== 'loopback') {
			return;
		}

		throw new HttpError(403, 'forbidden', authentication.kind === 'client' ? `client '${authentication.label}' may not: ${ownersOnly}` : ownersOnly);
	}

	if (authentication.kind !== 'client') {
		return; // The owner
	}

	if (!actor) {
		throw new HttpError(500, 'internal_error', 'this route is mounted before the actor step: refused');
	}

	if (need.kind === 'permission') {
		admitOperation(actor, need.operation, collection);
	} else {
		actor.requireServed();
	}
}

function declare(need: Need): Declaration {
	const handler = (request: unknown, response: unknown, next: () => void) => {
		const named = need.kind === 'permission' && need.where ? collectionOf(request as Request, need.where) ?? need.absent : undefined;
		admit(response as Response, need, named);
		next();
	};

	declarations.add(handler);
	return Object.assign(handler, {need});
}

/**
 * The route serves `operation`: its permission, on the collection named where the request holds its input
 * (none for an operation whose rule names none). `absent`: the collection the route means when the request names
 * none, where that is not the operation's rule (GET /stats names `default`, where an MCP call lets the use case pick).
 */
export const serves = (operation: Operation, where?: InputIn, absent?: string): Declaration =>
	declare({kind: 'permission', operation, permission: operationRules[operation].permission, ...(where ? {where} : {}), ...(absent === undefined ? {} : {absent})});

/** The route is open to anyone who passed the Host guard. */
export const open = declare({kind: 'open'});

/** The route serves any caller; what it does for them is checked further in (MCP tools). */
export const anyCaller = declare({kind: 'caller'});

/**
 * The route is the proven owner's only (the clients and their OAuth sign-ins): not a client, and not anyone
 * over loopback on a daemon without a key, since the local token is readable by the local user alone.
 */
export const ownerOnly = declare({kind: 'owner'});
