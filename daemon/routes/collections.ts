import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {defaultCollection} from '../../common/search-contract.js';
import {visibleCollection} from '../http/authorize.js';

export function collectionsRoutes(engine: Engine, diskBytes: () => number): Router {
	const router = Router();
	router.get('/collections', (_request, response) => {
		const visible = visibleCollection(response);
		response.json({collections: engine.collections().filter(({name}) => visible(name)).map(({name, count, documents}) => ({name, count, documents}))});
	});
	router.get('/stats', async (request, response) => {
		const collection = typeof request.query.collection === 'string' ? request.query.collection : defaultCollection;
		response.json({...(await engine.stats(collection)), disk_bytes: diskBytes()});
	});
	router.get('/documents', (request, response) => {
		const collection = typeof request.query.collection === 'string' ? request.query.collection : defaultCollection;
		response.json({collection, documents: engine.documents(collection)});
	});
	return router;
}
