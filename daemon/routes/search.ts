import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {defaultCollection} from '../engine/names.js';
import {validate} from '../http/validate.js';
import {searchBody} from './schemas.js';

export function searchRoutes(engine: Engine): Router {
	const router = Router();
	router.post('/search', async (request, response) => {
		const body = validate(searchBody, request.body ?? {});
		response.json(await engine.search({
			query: body.query,
			topK: body.top_k ?? 10,
			mode: body.mode ?? 'hybrid',
			collection: body.collection ?? defaultCollection,
			collapse: body.collapse,
			fusion: body.fusion,
		}));
	});
	return router;
}
