// Headers and checks for the consent pages: no framing (clickjacking), no caching, no scripts, forms only to
// this daemon (and, for the consent form, to the application's redirect address), and a form post accepted
// only from this very origin (port included: 127.0.0.1:8080 is another site's page, not ours).
import type {Request, Response} from 'express';
import {HttpError} from '../http/http-error.js';
import {newSecret} from './secrets.js';

/** Sets the page's headers; returns the nonce its stylesheet must carry. */
export function securePage(response: Response, formTargets: readonly string[] = []): string {
	const nonce = newSecret(16);
	response.set({
		'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`.replace(' ;', ';'),
		'X-Frame-Options': 'DENY',
		'Cache-Control': 'no-store',
		// Not no-referrer: with it a browser sends `Origin: null` on the page's own form posts, and the origin check
		// below could not tell them from another site's. same-origin still sends nothing to other sites.
		'Referrer-Policy': 'same-origin',
	});
	return nonce;
}

export const ownOrigin = (request: Request) => `${request.protocol}://${request.headers.host ?? ''}`;

/** 403 unless a form post comes from a page of this daemon (Origin, and Sec-Fetch-Site where the browser sends it). */
export function requireSameOrigin(request: Request): void {
	const site = request.headers['sec-fetch-site'];
	const {origin} = request.headers;
	if ((site !== undefined && site !== 'same-origin') || origin !== ownOrigin(request)) {
		throw new HttpError(403, 'cross_site_request', `refused: the form must be sent from md-vector's own page (${ownOrigin(request)}), not from ${origin ?? 'an unknown origin'}${site ? ` (Sec-Fetch-Site: ${String(site)})` : ''}`);
	}
}
