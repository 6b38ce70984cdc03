// The owner's management of clients, under /api/v1: GET /clients lists the clients.json keys and the OAuth
// sign-ins (with what each was granted), DELETE /clients/{label} revokes an OAuth sign-in, by its label or by the
// name it gave itself when only one has it (its tokens stop working at once; the application has to ask again), POST /oauth/sign-in-link makes the one-time link that opens a
// waiting request's consent form. Only the proven owner (ownerOnly): the local token (md-vector's own commands)
// or the API key.
import {Router} from 'express';
import type {AccessControl} from '../capabilities/access-control.js';
import {HttpError} from '../http/http-error.js';
import {ownerOnly} from '../http/needs.js';
import type {OAuth} from './oauth.js';
import {oauthOrigin} from './oauth-origin.js';

export type AdminDeps = {
	readonly oauth: OAuth;
	readonly access: AccessControl;
};

export function clientAdminRoutes(deps: AdminDeps): Router {
	const router = Router();
	router.get('/clients', ownerOnly, (_request, response) => {
		const oauth = deps.oauth.grants().map(grant => ({
			label: grant.label, kind: 'oauth', client_name: grant.client_name, permissions: grant.permissions,
			collections: grant.collections ?? 'all', granted_at: new Date(grant.granted_at * 1000).toISOString(),
			last_used_at: grant.last_used_at === undefined ? null : new Date(grant.last_used_at * 1000).toISOString(),
		}));
		const keys = deps.access.current().clients.map(client => ({label: client.label, kind: 'key'}));
		response.json({clients: [...keys, ...oauth]});
	});

	router.delete('/clients/:label', ownerOnly, (request, response) => {
		const label = String(request.params.label);
		const found = deps.oauth.revoke(label);
		if (found && 'grant' in found) {
			response.json({status: 'ok', label: found.grant.label, client_name: found.grant.client_name, revoked: true});
			return;
		}

		if (found) {
			throw new HttpError(409, 'ambiguous_name', `${found.ambiguous.length} OAuth sign-ins call themselves '${label}': revoke one by its label (${found.ambiguous.map(grant => grant.label).join(', ')}; md-vector clients list shows them)`);
		}

		const isKey = deps.access.current().clients.some(client => client.label === label);
		throw new HttpError(404, 'not_found', isKey
			? `'${label}' is a clients.json key: remove it from clients.json (or change its key) to revoke it`
			: `no OAuth sign-in labelled or named '${label}' (md-vector clients list shows them)`);
	});

	router.post('/oauth/sign-in-link', ownerOnly, (request, response) => {
		const origin = oauthOrigin(request);
		if (!origin || !deps.oauth.settings.enabled) {
			throw new HttpError(400, 'oauth_unavailable', deps.oauth.settings.enabled ? 'OAuth sign-in works at http://127.0.0.1 or http://localhost (or over https); connect by one of those' : 'OAuth is off (MD_VECTOR_MCP_OAUTH=0)');
		}

		const requestId = typeof request.body?.request === 'string' ? request.body.request as string : undefined;
		const link = deps.oauth.signInLink(origin, requestId);
		if (!link) {
			throw new HttpError(404, 'no_pending_request', 'no application is waiting for your approval: start the sign-in in your assistant first (it opens md-vector\'s page in your browser)');
		}

		response.json(link);
	});
	return router;
}
