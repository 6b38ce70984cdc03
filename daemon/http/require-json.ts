import type {RequestHandler} from 'express';
import {HttpError} from './http-error.js';

/** A request with a body must send it as JSON: anything else is 415. */
export const requireJson: RequestHandler = (request, _response, next) => {
	const hasBody = (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0')
		|| request.headers['transfer-encoding'] !== undefined;
	if (['POST', 'PUT', 'PATCH'].includes(request.method) && hasBody && !request.is('application/json')) {
		throw new HttpError(415, 'unsupported_media_type', 'request body must be JSON (Content-Type: application/json)');
	}

	next();
};
