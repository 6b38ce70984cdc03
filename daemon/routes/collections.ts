import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {needs, visibleCollection} from '../http/needs.js';
import {validateQuery} from '../http/validate.js';
import {toCollectionEntry, toCollectionStats} from '../to-wire/collections.js';
import {toDocumentEntry} from '../to-wire/documents.js';
import {collectionQuery} from './schemas.js';

export function collectionsRoutes(engine: Engine, diskBytes: () => Promise<number>): Router {
	const router = Router();
	router.get('/collections', needs('collections:read', 'none'), async (_request, response) => {
		const visible = visibleCollection(response);
		response.json({collections: (await engine.collections()).filter(({name}) => visible(name)).map(collection => toCollectionEntry(collection))});
	});
	router.get('/stats', needs('collections:read', 'query'), async (request, response) => {
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json({...toCollectionStats(await engine.stats(collection)), disk_bytes: await diskBytes()});
	});
	router.get('/documents', needs('collections:read', 'query'), async (request, response) => {
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json({collection, documents: (await engine.documents(collection)).map(document => toDocumentEntry(document))});
	});
	return router;
}
