import type {RequestHandler} from 'express';
import {toHealth} from '../to-wire/health.js';
import type {UseCases} from '../use-cases/use-cases.js';

/** GET /health (to-wire/health.ts): open to anyone who reaches the daemon; the model's origin only for the owner. */
export function health(useCases: UseCases): RequestHandler {
	return async (_request, response) => {
		response.json(toHealth(await useCases.health({owner: response.locals.authentication?.kind === 'owner'})));
	};
}
