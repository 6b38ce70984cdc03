import {Router} from 'express';
import {ingestSource} from '../from-wire/documents.js';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validate} from '../http/validate.js';
import {toIngestResult} from '../to-wire/documents.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {ingestBody} from '../../common/requests/ingest.js';

export function ingestRoutes(useCases: UseCases): Router {
	const router = Router();
	router.post('/ingest', serves('ingest', 'body'), async (request, response) => {
		const body = validate(ingestBody, request.body ?? {});
		// A client that hangs up before the answer stops the work: 500 KB of text is minutes of embedding on a loaded machine.
		const hungUp = new AbortController();
		response.once('close', () => {
			if (!response.writableFinished) {
				hungUp.abort();
			}
		});
		response.json(toIngestResult(await useCases.ingest(actorIn(response), {...ingestSource(body), fileName: body.file_name, collection: body.collection, mode: body.mode, signal: hungUp.signal})));
	});
	return router;
}
