import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {defaultCollection} from '../../common/search-contract.js';
import {toDeleteResult} from '../wire/documents.js';

export function documentsRoutes(engine: Engine): Router {
	const router = Router();
	// The name may hold '/' (ingest-dir names are relative paths), encoded as %2F or not.
	router.delete('/documents/*file_name', async (request, response) => {
		const segments = (request.params).file_name;
		const fileName = segments.join('/');
		const collection = typeof request.query.collection === 'string' ? request.query.collection : defaultCollection;
		response.json(toDeleteResult(await engine.deleteDocument(collection, fileName)));
	});
	return router;
}
