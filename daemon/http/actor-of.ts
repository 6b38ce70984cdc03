// The actor of a request, built once at the HTTP edge from what authentication found (the caller, a client's
// grants and fs scopes), for the route's declaration and the use case it serves. The owner's reach depends on
// the front door: the local user's own md-vector commands (the local token) may have the daemon read any folder
// (it runs as that user: it reads nothing they could not), others (the API key, an assistant over MCP) keep to
// the allowed roots.
import path from 'node:path';
import type {Request, RequestHandler, Response} from 'express';
import {Actor, type Readable} from '../use-cases/actor.js';
import type {Authentication} from './authentication.js';
import {HttpError} from './http-error.js';
import {requestSourceOf} from './request-source.js';

const anywhere = [path.parse(process.cwd()).root];

/** What the owner may read through a front door. */
export type OwnerReach = (authentication: Extract<Authentication, {kind: 'owner'}>) => Readable;

/** REST: the local token reads anywhere, the rest keep to `roots`. */
export const commandReach = (roots: () => readonly string[]): OwnerReach => authentication => (authentication.via === 'local-token' ? anywhere : roots());

/** MCP: an assistant keeps to `roots`, whatever the owner's credential it was given. */
export const assistantReach = (roots: () => readonly string[]): OwnerReach => () => roots();

/** The actor of a proven caller (the owner, or a client); undefined for anyone else. */
export function actorOf(request: Request, response: Response, reach: OwnerReach): Actor | undefined {
	const {authentication, grants = [], readPolicy} = response.locals;
	if (authentication?.kind === 'owner') {
		return Actor.owner(reach(authentication));
	}

	if (authentication?.kind !== 'client') {
		return undefined;
	}

	const source = requestSourceOf(request, authentication.label);
	const from = source.local ? 'over loopback' : `from ${source.origin ?? 'an unknown origin'}`;
	return Actor.client({label: authentication.label, grants, from}, readPolicy ?? []);
}

/** Leaves the actor on response.locals for what comes after (mounted after authentication, per front door). */
export const actorStep = (reach: OwnerReach): RequestHandler => (request, response, next) => {
	response.locals.actor = actorOf(request, response, reach);
	next();
};

/** The request's actor: set for every caller a declaration let through (a route without one never gets here). */
export function actorIn(response: Response): Actor {
	const {actor} = response.locals;
	if (!actor) {
		throw new HttpError(500, 'internal_error', 'this route has no actor (mounted before authentication, or declared open): refused');
	}

	return actor;
}
