import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {needs} from '../http/needs.js';
import {validateQuery} from '../http/validate.js';
import {toDeleteResult, toDocumentText} from '../to-wire/documents.js';
import {collectionQuery, getDocumentQuery} from './schemas.js';

export function documentsRoutes(engine: Engine): Router {
	const router = Router();
	// The name may hold '/' (ingest-dir names are relative paths), encoded as %2F or not.
	router.delete('/documents/*file_name', needs('documents:delete', 'query'), async (request, response) => {
		const segments = (request.params).file_name;
		const fileName = segments.join('/');
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json(toDeleteResult(await engine.deleteDocument(collection, fileName)));
	});
	router.get('/documents/*file_name', needs('search:default', 'query'), async (request, response) => {
		const fileName = request.params.file_name.join('/');
		const {collection, line, count, section} = validateQuery(getDocumentQuery, request.query);
		response.json(toDocumentText(await engine.getDocument(collection, fileName, {line, count, section})));
	});
	return router;
}
