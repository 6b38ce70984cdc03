// Where an application may ask to be sent back with its code: a loopback address over http (a native app's own
// short-lived listener, RFC 8252) or an https address. Anything else (another host over plain http, custom
// schemes, fragments) is refused at registration.
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a redirect URI is refused, or undefined when it is acceptable. */
export function redirectUriProblem(uri: string): string | undefined {
	let url: URL;
	try {
		url = new URL(uri);
	} catch {
		return `'${uri}' is not a URL`;
	}

	if (url.hash) {
		return `'${uri}' has a fragment (#...), which a redirect URI must not have`;
	}

	if (url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
		return undefined;
	}

	return `'${uri}' must be an https address or a loopback http address (http://127.0.0.1, http://localhost or http://[::1], any port)`;
}
