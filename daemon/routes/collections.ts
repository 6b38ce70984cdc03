import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {defaultCollection} from '../../common/search-contract.js';
import {visibleCollection} from '../http/authorize.js';
import {toCollectionEntry, toCollectionStats} from '../wire/collections.js';
import {toDocumentEntry} from '../wire/documents.js';

export function collectionsRoutes(engine: Engine, diskBytes: () => Promise<number>): Router {
	const router = Router();
	router.get('/collections', async (_request, response) => {
		const visible = visibleCollection(response);
		response.json({collections: (await engine.collections()).filter(({name}) => visible(name)).map(collection => toCollectionEntry(collection))});
	});
	router.get('/stats', async (request, response) => {
		const collection = typeof request.query.collection === 'string' ? request.query.collection : defaultCollection;
		response.json({...toCollectionStats(await engine.stats(collection)), disk_bytes: await diskBytes()});
	});
	router.get('/documents', async (request, response) => {
		const collection = typeof request.query.collection === 'string' ? request.query.collection : defaultCollection;
		response.json({collection, documents: (await engine.documents(collection)).map(document => toDocumentEntry(document))});
	});
	return router;
}
