import {Router} from 'express';
import {defaultCollection} from '../../common/search-defaults.js';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validateQuery} from '../http/validate.js';
import {toCollectionEntry, toCollectionStats} from '../to-wire/collections.js';
import {toDocumentEntry} from '../to-wire/documents.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {collectionQuery} from '../../common/requests/collections.js';

export function collectionsRoutes(useCases: UseCases): Router {
	const router = Router();
	router.get('/collections', serves('listCollections'), async (_request, response) => {
		response.json({collections: (await useCases.listCollections(actorIn(response))).map(collection => toCollectionEntry(collection))});
	});
	router.get('/stats', serves('stats', 'query', defaultCollection), async (request, response) => {
		const {collection} = validateQuery(collectionQuery, request.query);
		const {diskBytes, ...stats} = await useCases.stats(actorIn(response), collection, {diskBytes: true});
		response.json({...toCollectionStats(stats), disk_bytes: diskBytes});
	});
	router.get('/documents', serves('listDocuments', 'query'), async (request, response) => {
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json({collection, documents: (await useCases.listDocuments(actorIn(response), collection)).map(document => toDocumentEntry(document))});
	});
	return router;
}
