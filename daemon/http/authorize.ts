// Access by capability files. Once any capability exists, a request must come from the owner (the
// MD_VECTOR_API_KEY holder, or the local user's own md-vector commands with the local token) or from a client
// of clients.json whose capabilities grant the route's permission on the collection it names: unknown or
// missing key 401, known client without the permission 403. Without capability files: the API key alone.
import {createHash, timingSafeEqual} from 'node:crypto';
import {isIP} from 'node:net';
import type {Request, RequestHandler, Response} from 'express';
import type {AccessControl} from '../capabilities/access-control.js';
import {allowsCollection, effectivePermissions, someAllowsOrigin, type Grant, type Party} from '../../common/capabilities/effective.js';
import {fsReadPolicy} from '../../common/capabilities/fs-scopes.js';
import {defaultCollection} from '../../common/search-contract.js';
import {presentedKey, requireApiKey} from './auth.js';
import {HttpError} from './http-error.js';

const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message, {'WWW-Authenticate': 'Bearer'});

const isLoopback = (address: string | undefined) => address !== undefined && (address.startsWith('127.') || address === '::1' || address === '::ffff:127.0.0.1' || address.startsWith('::ffff:127.'));
const isLoopbackOrigin = (origin: string) => {
	try {
		const {hostname} = new URL(origin);
		return hostname === 'localhost' || isLoopback(hostname.replaceAll(/^\[|]$/g, ''));
	} catch {
		return false;
	}
};

/** Who is asking from where: local is loopback without a foreign web origin; others are matched by origin. */
export function partyOf(request: Request, client: string): Party {
	const peer = request.socket.remoteAddress;
	const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
	if (isLoopback(peer) && (origin === undefined || isLoopbackOrigin(origin))) {
		return {client, local: true};
	}

	const host = peer?.replace(/^::ffff:/, '');
	return {client, local: false, origin: origin ?? (host ? `http://${isIP(host) === 6 ? `[${host}]` : host}` : undefined)};
}

export type AuthorizeDeps = {
	readonly apiKey?: string;
	readonly access: AccessControl;
	readonly isLocalUser?: (request: Request) => boolean;
};

/** Identifies the caller: the owner passes; a client gets its grants in response.locals. */
export function authenticate(deps: AuthorizeDeps): RequestHandler {
	const keyOnly = requireApiKey(deps.apiKey);
	const ownerKey = deps.apiKey ? createHash('sha256').update(deps.apiKey).digest() : undefined;
	return (request, response, next) => {
		const {capabilities, clients} = deps.access.current();
		if (capabilities.length === 0) {
			keyOnly(request, response, next);
			return;
		}

		if (deps.isLocalUser?.(request)) {
			next();
			return;
		}

		const key = presentedKey(request.headers);
		if (!key) {
			throw unauthorized('missing API key: send it in the X-API-Key header (or Authorization: Bearer)');
		}

		const hash = createHash('sha256').update(key).digest();
		if (ownerKey && timingSafeEqual(hash, ownerKey)) {
			next();
			return;
		}

		const client = clients.find(entry => timingSafeEqual(Buffer.from(entry.keyHash, 'hex'), hash));
		if (!client) {
			throw unauthorized('invalid API key');
		}

		const party = partyOf(request, client.label);
		const grants = effectivePermissions(capabilities, party);
		if (grants.length === 0) {
			const where = party.local ? 'over loopback' : `from ${party.origin ?? 'an unknown origin'}`;
			throw new HttpError(403, 'forbidden', `client '${client.label}' matches no capability for requests ${where}`);
		}

		response.locals.client = client.label;
		response.locals.grants = grants;
		response.locals.readPolicy = fsReadPolicy(grants);
		if (!party.local && request.headers.origin) {
			response.setHeader('Access-Control-Allow-Origin', request.headers.origin); // its capability allows this page
			response.setHeader('Vary', 'Origin');
		}

		next();
	};
}

const collectionIn = (request: Request) => {
	const fromQuery = typeof request.query.collection === 'string' ? request.query.collection : undefined;
	const fromBody = typeof request.body?.collection === 'string' ? request.body.collection as string : undefined;
	return fromBody ?? fromQuery ?? defaultCollection;
};

/** The permission a route needs, and on which collection (undefined: the route names none; any grant will do). */
function needed(request: Request): {identifier: string; collection?: string} | undefined {
	const {method, path} = request;
	if (method === 'POST' && path === '/search') {
		return {identifier: 'search:default', collection: collectionIn(request)};
	}

	if (method === 'POST' && ['/ingest', '/jobs/ingest-directory', '/import'].includes(path)) {
		return {identifier: 'ingest:default', collection: collectionIn(request)};
	}

	if (path.startsWith('/jobs')) {
		return {identifier: 'ingest:default'};
	}

	if (method === 'DELETE' && path.startsWith('/documents/')) {
		return {identifier: 'documents:delete', collection: collectionIn(request)};
	}

	if (method === 'GET' && path === '/export') {
		return {identifier: 'export:default', collection: collectionIn(request)};
	}

	if (method === 'GET' && ['/collections', '/stats', '/documents'].includes(path)) {
		return {identifier: 'collections:read', collection: path === '/collections' ? undefined : collectionIn(request)};
	}

	return undefined;
}

const streamed = new Set(['/export', '/import']);

/**
 * Checks a client's grants against the route (owner requests have none and pass). `streamed`: the routes
 * mounted before the JSON parser (export, import: collection in the query); otherwise the others, bodies parsed.
 */
export function permit(routes: 'streamed' | 'parsed'): RequestHandler {
	return (request, response, next) => {
		const grants = response.locals.grants as Grant[] | undefined;
		const need = streamed.has(request.path) === (routes === 'streamed') ? needed(request) : undefined;
		if (!grants || !need) {
			next();
			return;
		}

		if (!allowsCollection(grants, need.identifier, need.collection)) {
			const on = need.collection === undefined ? '' : ` on collection '${need.collection}'`;
			throw new HttpError(403, 'forbidden', `client '${response.locals.client as string}' lacks '${need.identifier}'${on}`);
		}

		next();
	};
}

/**
 * A browser's CORS preflight (OPTIONS, no key yet): answered for an Origin that some capability's remote.urls
 * allow, so the page may then send its key; refused otherwise. The real request is checked as any other.
 */
export function preflight(access: AccessControl): RequestHandler {
	return (request, response, next) => {
		const {origin} = request.headers;
		if (request.method !== 'OPTIONS' || typeof origin !== 'string') {
			next();
			return;
		}

		if (!someAllowsOrigin(access.current().capabilities, origin)) {
			throw new HttpError(403, 'forbidden', `origin ${origin} is not allowed by any capability's remote.urls`);
		}

		response.setHeader('Access-Control-Allow-Origin', origin);
		response.setHeader('Vary', 'Origin');
		response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE');
		response.setHeader('Access-Control-Allow-Headers', 'content-type, x-api-key, authorization');
		response.setHeader('Access-Control-Max-Age', '600');
		response.status(204).end();
	};
}

/** The collections a client may see listed (all for the owner). */
export const visibleCollection = (response: Response) => (name: string) => {
	const grants = response.locals.grants as Grant[] | undefined;
	return !grants || allowsCollection(grants, 'collections:read', name);
};
