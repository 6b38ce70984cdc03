// In front of the MCP SDK's /authorize: its redirect check lets a registered loopback address through with a
// fragment or userinfo added (it compares scheme, host, path and query only). Refused here first, as the SDK
// refuses an unregistered address: a 400 to the browser, never a redirect to the address asked for.
import express, {type RequestHandler} from 'express';
import {InvalidRequestError} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {OAuthRegisteredClientsStore} from '@modelcontextprotocol/sdk/server/auth/clients.js';
import {requestedRedirectProblem} from './redirect-uris.js';

const form = express.urlencoded({extended: false, limit: '16kb'});

export function checkAuthorizeRedirect(clients: OAuthRegisteredClientsStore): RequestHandler[] {
	return [form, async (request, response, next) => {
		const parameters = (request.method === 'POST' ? request.body : request.query) as Record<string, unknown> | undefined;
		const {client_id: clientId, redirect_uri: requested} = parameters ?? {};
		const client = typeof clientId === 'string' ? await clients.getClient(clientId) : undefined;
		const problem = client && typeof requested === 'string' ? requestedRedirectProblem(requested, client.redirect_uris) : undefined;
		if (problem) {
			response.setHeader('Cache-Control', 'no-store');
			response.status(400).json(new InvalidRequestError(problem).toResponseObject());
			return;
		}

		next();
	}];
}
