import {createHash, timingSafeEqual} from 'node:crypto';
import type {RequestHandler} from 'express';
import {HttpError} from './http-error.js';

/** The client's key from X-API-Key or Authorization: Bearer. */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
	const header = headers['x-api-key'];
	if (typeof header === 'string' && header) {
		return header;
	}

	const {authorization} = headers;
	const match = typeof authorization === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(authorization) : null;
	return match?.[1];
}

/**
 * With MD_VECTOR_API_KEY set, every route mounted after this needs that key (compared in constant time:
 * both sides are hashed first so their lengths match). Without a key, requests pass: the daemon then
 * listens on loopback only.
 */
export function requireApiKey(apiKey: string | undefined): RequestHandler {
	const expected = apiKey ? createHash('sha256').update(apiKey).digest() : undefined;
	return (request, _response, next) => {
		if (!expected) {
			next();
			return;
		}

		const key = presentedKey(request.headers);
		if (!key) {
			throw new HttpError(401, 'unauthorized', 'missing API key: send it in the X-API-Key header (or Authorization: Bearer)', {'WWW-Authenticate': 'Bearer'});
		}

		if (!timingSafeEqual(createHash('sha256').update(key).digest(), expected)) {
			throw new HttpError(401, 'unauthorized', 'invalid API key', {'WWW-Authenticate': 'Bearer'});
		}

		next();
	};
}
