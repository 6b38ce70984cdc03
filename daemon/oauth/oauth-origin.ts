import type {Request} from 'express';
import {ownOrigin} from './page-security.js';

/** OAuth is offered where the SDK accepts an http issuer (loopback names) and over https. */
export function oauthOrigin(request: Request): string | undefined {
	const origin = ownOrigin(request);
	try {
		const {hostname, protocol} = new URL(origin);
		return protocol === 'https:' || hostname === '127.0.0.1' || hostname === 'localhost' ? origin : undefined;
	} catch {
		return undefined;
	}
}
