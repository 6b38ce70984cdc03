// The owner's side of the sign-in: GET /oauth/consent shows who asks and how to sign in; a one-time link
// (GET /oauth/sign-in?ticket=) or the API key (POST /oauth/sign-in) opens the consent form; POST /oauth/consent
// records Allow (a grant, then a code back to the application) or Deny (access_denied back to it).
import express, {Router, type Request, type Response} from 'express';
import {oauthLabel} from '../../common/access/oauth-labels.js';
import {HttpError} from '../http/http-error.js';
import {rateLimit, defaultRateLimit} from '../http/rate-limit.js';
import {consentPage, signInPage} from './consent-page.js';
import {offeredIdentifiers} from './grant-capability.js';
import type {OAuthProvider} from './oauth-provider.js';
import type {OAuthStore} from './oauth-store.js';
import type {PendingConsent, PendingConsents} from './pending-consents.js';
import {requireSameOrigin, securePage} from './page-security.js';
import {sameSecret} from './secrets.js';
import type {SignInTickets} from './sign-in-tickets.js';

export type ConsentDeps = {
	readonly provider: OAuthProvider;
	readonly store: OAuthStore;
	readonly pending: PendingConsents;
	readonly tickets: SignInTickets;
	/** MD_VECTOR_API_KEY: its holder may sign in by typing it. */
	readonly apiKey?: string;
	readonly collections: () => Promise<ReadonlyArray<{name: string; documents: number}>>;
};

const list = (value: unknown) => (Array.isArray(value) ? value : (value === undefined ? [] : [value])).filter((entry): entry is string => typeof entry === 'string');
const field = (request: Request, name: string) => (typeof request.body?.[name] === 'string' ? request.body[name] : '');

export function consentRoutes(deps: ConsentDeps): Router {
	const router = Router();
	const form = express.urlencoded({extended: false, limit: '16kb'});
	const waiting = (id: unknown): PendingConsent => {
		const request = typeof id === 'string' ? deps.pending.get(id) : undefined;
		if (!request) {
			throw new HttpError(404, 'unknown_request', 'this sign-in request is unknown, answered or expired (after 10 minutes): start the sign-in again in your application');
		}

		return request;
	};

	const showConsent = async (response: Response, request: PendingConsent, error?: string) => {
		const collections = await deps.collections();
		const nonce = securePage(response, [new URL(request.params.redirectUri).origin]);
		response.type('html').send(consentPage(request, nonce, {collections, label: oauthLabel(request.client.client_id), proof: deps.pending.prove(request.id), error}));
	};

	router.get('/oauth/consent', (request, response) => {
		const waitingRequest = waiting(request.query.request);
		response.type('html').send(signInPage(waitingRequest, securePage(response), {apiKeyForm: deps.apiKey !== undefined}));
	});

	router.get('/oauth/sign-in', async (request, response) => {
		const id = typeof request.query.ticket === 'string' ? deps.tickets.redeem(request.query.ticket) : undefined;
		if (!id) {
			throw new HttpError(401, 'invalid_sign_in_link', 'this sign-in link is used or expired (it works once, for 5 minutes): run `md-vector clients sign-in` again');
		}

		await showConsent(response, waiting(id));
	});

	router.post('/oauth/sign-in', rateLimit(defaultRateLimit), form, async (request, response) => {
		requireSameOrigin(request);
		const waitingRequest = waiting(field(request, 'request'));
		if (!deps.apiKey || !sameSecret(field(request, 'api_key'), deps.apiKey)) {
			throw new HttpError(401, 'unauthorized', 'that is not the API key (MD_VECTOR_API_KEY) this daemon was started with');
		}

		await showConsent(response, waitingRequest);
	});

	router.post('/oauth/consent', form, async (request, response) => {
		requireSameOrigin(request);
		const waitingRequest = waiting(field(request, 'request'));
		if (!deps.pending.hasProof(waitingRequest.id, field(request, 'proof'))) {
			throw new HttpError(403, 'not_signed_in', 'sign in first (`md-vector clients sign-in`): only the owner may answer this request');
		}

		const {params, client} = waitingRequest;
		const back = new URL(params.redirectUri);
		if (params.state !== undefined) {
			back.searchParams.set('state', params.state);
		}

		if (field(request, 'decision') !== 'allow') {
			deps.pending.take(waitingRequest.id);
			back.searchParams.set('error', 'access_denied');
			back.searchParams.set('error_description', 'the owner denied access');
			response.redirect(303, back.href);
			return;
		}

		const permissions = list(request.body.permission).filter(identifier => offeredIdentifiers.includes(identifier));
		const names = new Set((await deps.collections()).map(entry => entry.name));
		const collections = field(request, 'scope') === 'all' ? null : list(request.body.collection).filter(name => names.has(name));
		if (permissions.length === 0 || collections?.length === 0) {
			await showConsent(response, waitingRequest, permissions.length === 0 ? 'Tick at least one permission, or choose Deny.' : 'Tick at least one collection, choose "All collections", or choose Deny.');
			return;
		}

		deps.pending.take(waitingRequest.id);
		const grant = {label: oauthLabel(client.client_id), client_id: client.client_id, client_name: client.client_name ?? client.client_id, permissions, collections, granted_at: Math.floor(Date.now() / 1000)};
		deps.store.saveGrant(grant);
		const code = deps.provider.codes.issue({
			clientId: client.client_id, label: grant.label, scopes: permissions,
			codeChallenge: params.codeChallenge, redirectUri: params.redirectUri, resource: params.resource?.href,
		});
		back.searchParams.set('code', code);
		response.redirect(303, back.href);
	});
	return router;
}
