import type {RequestHandler} from 'express';
import {someAllowsOrigin} from '../../common/access/effective.js';
import type {AccessControl} from './access-control.js';
import {HttpError} from './http-error.js';

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
