// Where an application may ask to be sent back with its code: a loopback address over http (a native app's own
// short-lived listener, RFC 8252) or an https address, without a fragment or userinfo (`user@`), which could
// carry the code elsewhere or disguise where it goes. Checked at registration, and again at /authorize, where the
// address must be one registered, exactly (a loopback one may differ in its port only: RFC 8252 section 7.3).
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a redirect URI is refused, or undefined when it is acceptable. */
export function redirectUriProblem(uri: string): string | undefined {
	let url: URL;
	try {
		url = new URL(uri);
	} catch {
		return `'${uri}' is not a URL`;
	}

	if (uri.includes('#')) {
		return `'${uri}' has a fragment (#...), which a redirect URI must not have`;
	}

	// Also an empty one ('http://@127.0.0.1/'), which URL parsing forgets.
	if (url.username || url.password || /^[a-z][\d+.a-z-]*:\/\/[^/?\\]*@/i.test(uri)) {
		return `'${uri}' has userinfo (user@ before the host), which a redirect URI must not have`;
	}

	if (url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
		return undefined;
	}

	return `'${uri}' must be an https address or a loopback http address (http://127.0.0.1, http://localhost or http://[::1], any port)`;
}

/** The URL without its port, or undefined when `uri` is not already in its canonical form (no normalising into a match). */
function portless(uri: string): string | undefined {
	const url = new URL(uri);
	if (url.href !== uri) {
		return undefined;
	}

	url.port = '';
	return url.href;
}

/** Why a redirect_uri sent to /authorize is refused for a client that registered `registered`, or undefined. */
export function requestedRedirectProblem(requested: string, registered: readonly string[]): string | undefined {
	const problem = redirectUriProblem(requested);
	if (problem !== undefined || registered.includes(requested)) {
		return problem;
	}

	const url = new URL(requested);
	const loose = url.protocol === 'http:' && loopbackHosts.has(url.hostname) ? portless(requested) : undefined;
	const matches = loose !== undefined && registered.some(uri => redirectUriProblem(uri) === undefined && portless(uri) === loose);
	return matches ? undefined : `redirect_uri '${requested}' is not one this client registered (exactly; a loopback address may differ in its port only)`;
}
