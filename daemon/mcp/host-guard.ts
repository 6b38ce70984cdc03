// DNS-rebinding guard for /mcp: a web page on another site can make a browser send requests to 127.0.0.1 under
// its own host name; such requests are refused by their Host, and by an Origin that is neither loopback nor
// allowed by a capability's remote.urls.
import type {RequestHandler} from 'express';
import type {AccessControl} from '../capabilities/access-control.js';
import {someAllowsOrigin} from '../../common/capabilities/effective.js';
import {HttpError} from '../http/http-error.js';

const loopbackNames = ['localhost', '127.0.0.1', '[::1]', '::1'];

const hostnameOf = (host: string) => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!).toLowerCase();

export function hostGuard(boundHost: string, extraHosts: readonly string[], access: AccessControl): RequestHandler {
	const allowedHosts = new Set([...loopbackNames, boundHost.toLowerCase(), ...extraHosts.map(host => host.toLowerCase())]);
	return (request, _response, next) => {
		const host = request.headers.host ?? '';
		if (!allowedHosts.has(hostnameOf(host))) {
			throw new HttpError(403, 'forbidden', `unexpected Host '${host}' (DNS rebinding guard); allowed: ${[...allowedHosts].join(', ')} (more with MD_VECTOR_ALLOWED_HOSTS)`);
		}

		const {origin} = request.headers;
		if (typeof origin === 'string') {
			let originHost = '';
			try {
				originHost = new URL(origin).hostname.toLowerCase();
			} catch {
				// Not a URL: no host, so only a capability's pattern can allow it.
			}

			if (!allowedHosts.has(originHost) && !someAllowsOrigin(access.current().capabilities, origin)) {
				throw new HttpError(403, 'forbidden', `unexpected Origin '${origin}' (DNS rebinding guard)`);
			}
		}

		next();
	};
}
