// An OAuth client of the daemon, as the suite plays one, over raw HTTP: it registers under a name of its choosing
// (RFC 7591), is sent to the consent page, and the owner (the local token of the discovery record, as
// `md-vector clients sign-in` does) answers it with what they tick; then code and PKCE verifier for tokens, and
// refreshing. Each client speaks from a loopback address of its own; every loopback address spends one budget
// (issue 34 item 5), so a daemon these sections sign in to many times has its limits raised (raisedOAuthLimits).
import {createHash, randomBytes} from 'node:crypto';
import path from 'node:path';
import {readDiscovery} from '../../../common/discovery.js';
import {localTokenHeader} from '../../../common/local-token-header.js';
import type {DaemonProcess} from '../daemon-process.js';
import {json, type Answer} from '../http.js';

/** The environment of a daemon the suite signs in to dozens of times a minute (its limits are not what is tested there). */
export const raisedOAuthLimits = {MD_VECTOR_OAUTH_RATE_LIMIT: '100000', MD_VECTOR_OAUTH_REGISTRATIONS: '100000', MD_VECTOR_AUTH_FAILURES: '100000'};

/** Never listened on: the code is read from the Location of the consent page's redirect. */
export const callback = 'http://127.0.0.1:9/callback';

export type Consent = {readonly permissions: readonly string[]; readonly collections: readonly string[] | 'all'};

export type SignedIn = {readonly clientId: string; readonly label: string; readonly accessToken: string; readonly refreshToken: string; readonly from: string};

const formBody = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();

let nextAddress = 0;
/** A loopback address for the next client (127.0.1.1 up to 127.0.200.250). */
export const clientAddress = () => `127.0.${1 + (Math.floor(nextAddress / 250) % 200)}.${1 + (nextAddress++ % 250)}`;

export function ownerHeaders(daemon: DaemonProcess): Record<string, string> {
	return {[localTokenHeader]: readDiscovery(path.join(daemon.home, 'state'))!.token};
}

export async function register(daemon: DaemonProcess, body: Record<string, unknown>, from: string): Promise<Answer> {
	return daemon.request({method: 'POST', path: '/register', localAddress: from, headers: {'content-type': 'application/json'}, body: JSON.stringify({token_endpoint_auth_method: 'none', ...body})});
}

export async function authorize(daemon: DaemonProcess, clientId: string, redirectUri: string, challenge: string, from: string): Promise<Answer> {
	const query = new URLSearchParams({client_id: clientId, redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 'st'});
	return daemon.request({method: 'GET', path: `/authorize?${query}`, localAddress: from});
}

export async function tokenRequest(daemon: DaemonProcess, fields: Array<[string, string]>, from: string): Promise<Answer> {
	return daemon.request({method: 'POST', path: '/token', localAddress: from, headers: {'content-type': 'application/x-www-form-urlencoded'}, body: formBody(fields)});
}

export async function refresh(daemon: DaemonProcess, clientId: string, refreshToken: string, from: string): Promise<Answer> {
	return tokenRequest(daemon, [['grant_type', 'refresh_token'], ['refresh_token', refreshToken], ['client_id', clientId]], from);
}

/** The whole sign-in of an application called `name` (undefined: it gives none), answered Allow with `consent`. */
export async function signIn(daemon: DaemonProcess, name: string | undefined, consent: Consent): Promise<SignedIn> {
	const from = clientAddress();
	const registered = await register(daemon, {redirect_uris: [callback], ...(name === undefined ? {} : {client_name: name})}, from);
	const clientId = (json(registered) as {client_id?: string} | undefined)?.client_id;
	if (registered.status !== 201 || !clientId) {
		throw new Error(`registering '${name}': ${registered.status} ${registered.text.slice(0, 300)}`);
	}

	const verifier = randomBytes(32).toString('base64url');
	const asked = await authorize(daemon, clientId, callback, createHash('sha256').update(verifier).digest('base64url'), from);
	const request = /\/oauth\/consent\?request=([\w-]+)/.exec(String(asked.headers.location ?? ''))?.[1];
	if (!request) {
		throw new Error(`authorize for '${name}': ${asked.status} ${asked.text.slice(0, 300)}`);
	}

	const link = await daemon.api('POST', '/oauth/sign-in-link', {request}, ownerHeaders(daemon));
	const page = await daemon.request({method: 'GET', path: new URL(String(link.body?.url)).pathname + new URL(String(link.body?.url)).search, localAddress: from});
	const proof = /name="proof" value="([^"]+)"/.exec(page.text)?.[1];
	if (!proof) {
		throw new Error(`the consent page for '${name}': ${page.status} ${page.text.slice(0, 300)}`);
	}

	const fields: Array<[string, string]> = [['request', request], ['proof', proof], ['decision', 'allow'], ['scope', consent.collections === 'all' ? 'all' : 'some'],
		...consent.permissions.map((permission): [string, string] => ['permission', permission]),
		...(consent.collections === 'all' ? [] : consent.collections.map((collection): [string, string] => ['collection', collection]))];
	const answered = await daemon.request({
		method: 'POST', path: '/oauth/consent', localAddress: from, body: formBody(fields),
		headers: {'content-type': 'application/x-www-form-urlencoded', origin: daemon.url.origin},
	});
	const code = new URL(String(answered.headers.location ?? 'http://none/'), callback).searchParams.get('code');
	if (!code) {
		throw new Error(`consent for '${name}': ${answered.status} ${answered.text.slice(0, 300)}`);
	}

	const tokens = json(await tokenRequest(daemon, [['grant_type', 'authorization_code'], ['code', code], ['code_verifier', verifier], ['redirect_uri', callback], ['client_id', clientId]], from)) as {access_token?: string; refresh_token?: string} | undefined;
	if (!tokens?.access_token || !tokens.refresh_token) {
		throw new Error(`tokens for '${name}': ${JSON.stringify(tokens)}`);
	}

	return {clientId, label: `oauth:${clientId}`, accessToken: tokens.access_token, refreshToken: tokens.refresh_token, from};
}

/** A JSON-RPC request to /mcp with an access token. */
export async function mcp(daemon: DaemonProcess, accessToken: string, method: string, parameters: Record<string, unknown>, from: string): Promise<Answer> {
	return daemon.request({
		method: 'POST', path: '/mcp', localAddress: from, body: JSON.stringify({jsonrpc: '2.0', id: 1, method, params: parameters}),
		headers: {authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream'},
	});
}

/** Whether an MCP answer is a success: 200 and no tool error. */
export const mcpSucceeded = (answer: Answer) => answer.status === 200 && !answer.text.includes('"isError":true') && json(answer)?.error === undefined;
