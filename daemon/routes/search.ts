import {Router} from 'express';
import {defaultCollection, fromSearchBody} from '../../common/search-contract.js';
import type {Engine} from '../engine/engine.js';
import {HttpError} from '../http/http-error.js';
import {admit, allowedCollection, needs, type Need} from '../http/needs.js';
import {validate} from '../http/validate.js';
import {toSearchResponse} from '../to-wire/search.js';
import {searchBody} from './schemas.js';

const searchNeed: Need = {kind: 'permission', permission: 'search:default', collection: 'none'};

export function searchRoutes(engine: Engine): Router {
	const router = Router();
	// The collections are checked one by one below: `collection`, each of `collections`, or with `all` those the caller may search.
	router.post('/search', needs('search:default', 'none'), async (request, response) => {
		const body = validate(searchBody, request.body ?? {});
		const input = fromSearchBody(body);
		if (body.all) {
			const allowed = allowedCollection(response, 'search:default');
			const names = (await engine.collections()).map(entry => entry.name).filter(name => allowed(name));
			if (names.length === 0) {
				throw new HttpError(404, 'not_found', 'all: there is no collection to search (none exists, or none this client may search)');
			}

			response.json(toSearchResponse(await engine.search({...input, collections: names})));
			return;
		}

		for (const name of body.collections ?? [body.collection ?? defaultCollection]) {
			admit(request, response, searchNeed, name);
		}

		response.json(toSearchResponse(await engine.search(input)));
	});
	return router;
}
