import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {admit, needs, type Need} from '../http/needs.js';
import {validate} from '../http/validate.js';
import {toCollectionDeleted, toSourceEntry, toSourceRemoved} from '../to-wire/collections.js';
import {renameBody, sourcePathBody} from './schemas.js';

/** A rename fills the new name: it needs ingest:default there too. */
const ingestNeed: Need = {kind: 'permission', permission: 'ingest:default', collection: 'none'};

/**
 * Collections and their folder sources: delete, rename, list and remove sources. Deleting or renaming removes
 * every document under the name, so it needs documents:delete on the collection of the path.
 */
export function collectionAdminRoutes(engine: Engine): Router {
	const router = Router();
	router.delete('/collections/:name', needs('documents:delete', 'path'), async (request, response) => {
		response.json(toCollectionDeleted(await engine.deleteCollection(request.params.name)));
	});
	router.patch('/collections/:name', needs('documents:delete', 'path'), async (request, response) => {
		const body = validate(renameBody, request.body ?? {});
		admit(request, response, ingestNeed, body.name);
		response.json({status: 'ok', ...await engine.renameCollection(request.params.name, body.name)});
	});
	router.get('/collections/:name/sources', needs('collections:read', 'path'), async (request, response) => {
		const {name} = request.params;
		response.json({collection: name, sources: (await engine.sources(name)).map(source => toSourceEntry(source))});
	});
	router.delete('/collections/:name/sources', needs('documents:delete', 'path'), async (request, response) => {
		const body = validate(sourcePathBody, request.body ?? {});
		response.json(toSourceRemoved(await engine.removeSource(request.params.name, body.path)));
	});
	return router;
}
