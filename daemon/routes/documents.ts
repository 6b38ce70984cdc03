import {Router} from 'express';
import {toManyRequest} from '../from-wire/documents.js';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validate, validateQuery} from '../http/validate.js';
import {toDeleteResult, toDocumentText, toManyDocuments} from '../to-wire/documents.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {collectionQuery} from '../../common/requests/collections.js';
import {getDocumentQuery, getManyBody} from '../../common/requests/documents.js';

export function documentsRoutes(useCases: UseCases): Router {
	const router = Router();
	// The name may hold '/' (ingest-dir names are relative paths), encoded as %2F or not.
	router.delete('/documents/*file_name', serves('deleteDocument', 'query'), async (request, response) => {
		const file = request.params.file_name.join('/');
		const {collection} = validateQuery(collectionQuery, request.query);
		response.json(toDeleteResult(await useCases.deleteDocument(actorIn(response), {collection, file})));
	});
	// Several documents by name and glob (md-vector get PATTERN...); POST: the patterns are a list in the body.
	router.post('/documents/get', serves('getDocument', 'body'), async (request, response) => {
		const body = validate(getManyBody, request.body ?? {});
		response.json(toManyDocuments(await useCases.getDocuments(actorIn(response), toManyRequest(body))));
	});
	router.get('/documents/*file_name', serves('getDocument', 'query'), async (request, response) => {
		const file = request.params.file_name.join('/');
		const {collection, line, count, section} = validateQuery(getDocumentQuery, request.query);
		response.json(toDocumentText(await useCases.getDocument(actorIn(response), {collection, file, line, count, section})));
	});
	return router;
}
