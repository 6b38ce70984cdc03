// The owner's management of clients, under /api/v1 (use-cases/clients.ts): GET /clients lists the clients.json
// keys and the OAuth sign-ins, DELETE /clients/{label} revokes an OAuth sign-in (by its label, or by the name it
// gave itself when only one has it), POST /oauth/sign-in-link makes the one-time link that opens a waiting
// request's consent form. Only the proven owner (ownerOnly): the local token (md-vector's own commands) or the API key.
import {Router} from 'express';
import {actorIn} from '../http/actor-of.js';
import {ownerOnly} from '../http/route-access.js';
import {oauthOrigin} from '../oauth/oauth-origin.js';
import {toClientList, toRevokedClient, toSignInLink} from '../to-wire/clients.js';
import type {UseCases} from '../use-cases/use-cases.js';

export function clientsRoutes(useCases: UseCases): Router {
	const router = Router();
	router.get('/clients', ownerOnly, (_request, response) => {
		response.json(toClientList(useCases.listClients(actorIn(response))));
	});
	router.delete('/clients/:label', ownerOnly, (request, response) => {
		response.json(toRevokedClient(useCases.revokeClient(actorIn(response), String(request.params.label))));
	});
	router.post('/oauth/sign-in-link', ownerOnly, (request, response) => {
		const requestId = typeof request.body?.request === 'string' ? request.body.request as string : undefined;
		response.json(toSignInLink(useCases.signInLink(actorIn(response), {origin: oauthOrigin(request), requestId})));
	});
	return router;
}
