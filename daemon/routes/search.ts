import {Router} from 'express';
import {defaultCollection} from '../../common/search-defaults.js';
import {toSearchQuery} from '../from-wire/search.js';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validate} from '../http/validate.js';
import {toSearchResponse} from '../to-wire/search.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {searchBody} from '../../common/requests/search.js';

export function searchRoutes(useCases: UseCases): Router {
	const router = Router();
	// The use case checks the collections one by one: `collection`, each of `collections`, or with `all` those the caller may search.
	router.post('/search', serves('search', 'body'), async (request, response) => {
		const body = validate(searchBody, request.body ?? {});
		const answer = await useCases.search(actorIn(response), toSearchQuery(body, [defaultCollection]));
		response.json(toSearchResponse(answer));
	});
	return router;
}
