import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {needs, visibleCollection} from '../http/needs.js';
import {validateQuery} from '../http/validate.js';
import {collectionQuery} from './schemas.js';

export function collectionsRoutes(engine: Engine, diskBytes: () => number): Router {
	const router = Router();
	router.get('/collections', needs('collections:read', 'none'), (_request, response) => {
		const visible = visibleCollection(response);
		response.json({collections: engine.collections().filter(({name}) => visible(name)).map(({name, count, documents}) => ({name, count, documents}))});
	});
	router.get('/stats', needs('collections:read', 'query'), async (request, response) => {
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json({...(await engine.stats(collection)), disk_bytes: diskBytes()});
	});
	router.get('/documents', needs('collections:read', 'query'), (request, response) => {
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json({collection, documents: engine.documents(collection)});
	});
	return router;
}
