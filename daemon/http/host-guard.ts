// DNS-rebinding guard for everything the daemon serves. A web page on another site can make a browser send
// requests to 127.0.0.1 under the site's own name, and read the answers as same-origin: such requests are
// refused by their Host. A page may also send requests across origins: refused by their Origin, unless it is
// this machine's own (loopback, a name the daemon is known by) or a capability's remote.urls allow it.
import {isIP} from 'node:net';
import os from 'node:os';
import type {Request, RequestHandler} from 'express';
import {someAllowsOrigin} from '../../common/access/effective.js';
import type {AccessControl} from './access-control.js';
import {HttpError} from './http-error.js';
import {isLoopbackAddress} from './request-source.js';

export type HostGuardOptions = {
	/** The address the daemon binds. */
	readonly boundHost: string;
	/** MD_VECTOR_ALLOWED_HOSTS: more names the daemon is reached by (a LAN name, a reverse proxy's). */
	readonly extraHosts: readonly string[];
	readonly access: AccessControl;
	/** Whether the request carries a credential: such a request may come under any Host, and must then prove a caller. */
	readonly presentsCredential: (request: Request) => boolean;
};

const wildcard = new Set(['0.0.0.0', '::', '']);
const bare = (hostname: string) => hostname.toLowerCase().replace(/^\[(.*)]$/, '$1');

/**
 * The names a request may use in its Host: loopback names, the bound address, MD_VECTOR_ALLOWED_HOSTS and,
 * for a daemon bound to every interface, this machine's addresses and host name (read at start).
 */
export function knownHostNames(boundHost: string, extraHosts: readonly string[]): (hostname: string) => boolean {
	const names = new Set(['localhost', bare(boundHost), ...extraHosts.map(name => bare(name))]);
	if (wildcard.has(boundHost)) {
		names.add(os.hostname().toLowerCase());
		for (const address of Object.values(os.networkInterfaces()).flat()) {
			names.add(bare(address?.address ?? ''));
		}
	}

	return hostname => names.has(bare(hostname)) || isLoopbackAddress(bare(hostname));
}

/**
 * The host name of a Host header ('[::1]:7821' -> '[::1]', 'example.com:80' -> 'example.com'), read strictly: a
 * bracketed IPv6 address or a name (letters, digits, '.', '-', '_'), then at most a numeric port. Anything else
 * ('[::1].evil.com', 'localhost:evil', 'a b', no Host) is undefined: it names no host the daemon is known by.
 */
export function hostnameOf(host: string): string | undefined {
	const match = /^(?:\[([\d.:a-f]+)]|([\w.-]+))(?::(\d{1,5}))?$/i.exec(host);
	if (!match || (match[1] !== undefined && isIP(match[1]) !== 6) || Number(match[3] ?? 0) > 65_535) {
		return undefined;
	}

	return match[1] === undefined ? match[2]! : `[${match[1]}]`;
}

function originHostname(origin: string): string | undefined {
	try {
		return new URL(origin).hostname;
	} catch {
		return undefined; // 'null' (a sandboxed page, a file) and other non-URLs: only a capability's pattern can allow them
	}
}

export function hostGuard(options: HostGuardOptions): RequestHandler {
	const known = knownHostNames(options.boundHost, options.extraHosts);
	return (request, response, next) => {
		const {origin} = request.headers;
		const allowedByCapability = origin !== undefined && someAllowsOrigin(options.access.current().capabilities, origin);
		if (origin !== undefined && !allowedByCapability) {
			const hostname = originHostname(origin);
			if (hostname === undefined || !known(hostname)) {
				throw new HttpError(403, 'forbidden', `unexpected Origin '${origin}' (DNS-rebinding guard): a web page may call md-vector only when a capability's remote.urls allow its origin`);
			}
		} else if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') {
			// A browser request from another site's page that does not say its origin (an image, a link).
			throw new HttpError(403, 'forbidden', 'a request from another site\'s web page (Sec-Fetch-Site: cross-site) without an allowed Origin is refused');
		}

		const host = request.headers.host ?? '';
		const name = hostnameOf(host);
		if (name === undefined) {
			// Not a host at all: refused before any credential is looked at, whatever the request carries.
			throw new HttpError(403, 'forbidden', `unexpected Host '${host}' (DNS-rebinding guard): a Host is a name or a bracketed IPv6 address, with an optional numeric port`);
		}

		if (!known(name)) {
			// A preflight carries no key yet; the request that follows it must.
			const preflight = request.method === 'OPTIONS' && allowedByCapability;
			if (!options.presentsCredential(request) && !preflight) {
				throw new HttpError(403, 'forbidden', `unexpected Host '${host}' (DNS-rebinding guard): use 127.0.0.1 or localhost, send the API key, or list the name in MD_VECTOR_ALLOWED_HOSTS`);
			}

			response.locals.unexpectedHost = host; // authentication must prove a caller
		}

		next();
	};
}
