import {createHash, randomBytes, timingSafeEqual} from 'node:crypto';
import type {Request} from 'express';
import {localTokenHeader} from './local-token-header.js';

export {localTokenHeader} from './local-token-header.js';

export function newLocalToken(): string {
	return randomBytes(32).toString('hex');
}

/** Whether the request carries this daemon's local token (constant-time compare of hashes). */
export function carriesLocalToken(token: string): (request: Request) => boolean {
	const expected = createHash('sha256').update(token).digest();
	return request => {
		const presented = request.headers[localTokenHeader];
		return typeof presented === 'string' && timingSafeEqual(createHash('sha256').update(presented).digest(), expected);
	};
}
