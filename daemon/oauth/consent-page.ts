// What the owner sees: first a sign-in page (prove you own this md-vector), then the consent form (who asks,
// for what, in which collections; Allow or Deny). The form carries a one-request proof of the sign-in, which
// another page can neither read nor guess.
import {escapeHtml as h, page} from './html.js';
import {offeredPermissions} from './grant-capability.js';
import type {PendingConsent} from './pending-consents.js';

const appName = (request: PendingConsent) => request.client.client_name ?? 'An application';
const returnsTo = (request: PendingConsent) => new URL(request.params.redirectUri).origin;

/** A short code for the request, shown on the page and by `md-vector clients sign-in`, to match the two. */
export const requestCode = (request: PendingConsent) => request.id.slice(0, 6).toUpperCase();

export function signInPage(request: PendingConsent, nonce: string, options: {apiKeyForm: boolean; error?: string}): string {
	const keyForm = options.apiKeyForm
		? `<p>Or enter the daemon's API key (<code>MD_VECTOR_API_KEY</code>):</p>
<form method="post" action="/oauth/sign-in"><input type="hidden" name="request" value="${h(request.id)}">
<input type="password" name="api_key" autocomplete="off" aria-label="API key"> <button type="submit">Sign in</button></form>`
		: '';
	return page('Sign in to md-vector', nonce, `<h1>${h(appName(request))} asks to use your md-vector</h1>
${options.error ? `<p class="error">${h(options.error)}</p>` : ''}
<p>First confirm that you own this md-vector. In a terminal, run:</p>
<p><code>md-vector clients sign-in</code></p>
<p class="muted">It opens this request (code <code>${h(requestCode(request))}</code>) in your browser, signed in, or prints the link to open.</p>
${keyForm}`);
}

export type ConsentChoices = {readonly collections: ReadonlyArray<{name: string; documents: number}>; readonly label: string; readonly proof: string; readonly error?: string};

export function consentPage(request: PendingConsent, nonce: string, choices: ConsentChoices): string {
	const permissions = offeredPermissions.map(permission => `<label><input type="checkbox" name="permission" value="${permission.identifier}" checked> ${h(permission.says)} <span class="muted">(${permission.identifier})</span></label>`).join('');
	const collections = choices.collections.map(entry => `<label class="indent"><input type="checkbox" name="collection" value="${h(entry.name)}"> ${h(entry.name)} <span class="muted">(${entry.documents} ${entry.documents === 1 ? 'document' : 'documents'})</span></label>`).join('');
	return page('Allow access to md-vector?', nonce, `<h1>Allow <b>${h(appName(request))}</b> to use your md-vector?</h1>
${choices.error ? `<p class="error">${h(choices.error)}</p>` : ''}
<p>It will be known as <code>${h(choices.label)}</code> (the name above is the one it gave itself, and grants it nothing) and sent back to <code>${h(returnsTo(request))}</code>.
It gets only what you tick here. You can take this back at any time: <code>md-vector clients revoke ${h(choices.label)}</code>.</p>
<form method="post" action="/oauth/consent">
<input type="hidden" name="request" value="${h(request.id)}"><input type="hidden" name="proof" value="${h(choices.proof)}">
<fieldset><legend>It may</legend>${permissions}</fieldset>
<fieldset><legend>In</legend>
<label><input type="radio" name="scope" value="all" checked> All collections, also those made later</label>
<label><input type="radio" name="scope" value="some"> Only these:</label>${collections || '<p class="indent muted">(no collections yet)</p>'}
</fieldset>
<button class="allow" type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button>
</form><p class="muted">Request ${h(requestCode(request))} · client id ${h(request.client.client_id)}</p>`);
}
