import {Router} from 'express';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validate} from '../http/validate.js';
import {toCollectionDeleted, toSourceEntry, toSourceRemoved} from '../to-wire/collections.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {renameBody, sourcePathBody} from '../../common/requests/collections.js';

/**
 * Collections and their folder sources: delete, rename, list and remove sources. Deleting or renaming removes
 * every document under the name, so it needs documents:delete on the collection of the path (and a rename
 * ingest:default on the new name: the use case checks both).
 */
export function collectionAdminRoutes(useCases: UseCases): Router {
	const router = Router();
	router.delete('/collections/:name', serves('deleteCollection', 'path'), async (request, response) => {
		response.json(toCollectionDeleted(await useCases.deleteCollection(actorIn(response), request.params.name)));
	});
	router.patch('/collections/:name', serves('renameCollection', 'path'), async (request, response) => {
		const body = validate(renameBody, request.body ?? {});
		response.json({status: 'ok', ...await useCases.renameCollection(actorIn(response), request.params.name, body.name)});
	});
	router.get('/collections/:name/sources', serves('sources', 'path'), async (request, response) => {
		const {collection, sources} = await useCases.sources(actorIn(response), request.params.name);
		response.json({collection, sources: sources.map(source => toSourceEntry(source))});
	});
	router.delete('/collections/:name/sources', serves('removeSource', 'path'), async (request, response) => {
		const body = validate(sourcePathBody, request.body ?? {});
		response.json(toSourceRemoved(await useCases.removeSource(actorIn(response), request.params.name, body.path)));
	});
	return router;
}
