import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {needs} from '../http/needs.js';
import {validateQuery} from '../http/validate.js';
import {toDeleteResult} from '../wire/documents.js';
import {collectionQuery} from './schemas.js';

export function documentsRoutes(engine: Engine): Router {
	const router = Router();
	// The name may hold '/' (ingest-dir names are relative paths), encoded as %2F or not.
	router.delete('/documents/*file_name', needs('documents:delete', 'query'), async (request, response) => {
		const segments = (request.params).file_name;
		const fileName = segments.join('/');
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json(toDeleteResult(await engine.deleteDocument(collection, fileName)));
	});
	return router;
}
