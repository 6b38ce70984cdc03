import {Router} from 'express';
import {fromSearchBody} from '../../common/search-contract.js';
import type {Engine} from '../engine/engine.js';
import {needs} from '../http/needs.js';
import {validate} from '../http/validate.js';
import {toSearchResponse} from '../wire/search.js';
import {searchBody} from './schemas.js';

export function searchRoutes(engine: Engine): Router {
	const router = Router();
	router.post('/search', needs('search:default', 'body'), async (request, response) => {
		const body = validate(searchBody, request.body ?? {});
		response.json(toSearchResponse(await engine.search(fromSearchBody(body))));
	});
	return router;
}
