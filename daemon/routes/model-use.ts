import {Router} from 'express';
import {actorIn} from '../http/actor-of.js';
import {ownerOnly} from '../http/route-access.js';
import {validate} from '../http/validate.js';
import {toModelUse} from '../to-wire/models.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {modelUseBody} from '../../common/requests/models.js';

/**
 * POST /models/use: switches one collection (or all, and the default model) to another model in place; the
 * owner's alone (like managing clients), since it changes what every collection answers from. 202: the switches
 * run as jobs (followed by GET /jobs/:id/events, cancelled by POST /jobs/:id/cancel).
 */
export function modelUseRoutes(useCases: UseCases): Router {
	const router = Router();
	router.post('/models/use', ownerOnly, async (request, response) => {
		const body = validate(modelUseBody, request.body ?? {});
		const use = await useCases.useModel(actorIn(response), {model: body.model, collection: body.collection});
		response.status(use.collections.some(entry => entry.action === 'switching') ? 202 : 200).json(toModelUse(use));
	});
	return router;
}
