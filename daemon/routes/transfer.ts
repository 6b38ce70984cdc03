import {Router} from 'express';
import type {ExportFormat} from '../../common/wire/transfer.js';
import {actorIn} from '../http/actor-of.js';
import {HttpError} from '../http/http-error.js';
import {bodyLimit} from '../http/body-limit.js';
import {serves} from '../http/route-access.js';
import {validateQuery} from '../http/validate.js';
import {toImportResult} from '../to-wire/documents.js';
import {exportLimits} from '../use-cases/transfer.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {exportQuery, importQuery} from '../../common/requests/transfer.js';

const contentTypes: Record<ExportFormat, string> = {
	json: 'application/json', jsonl: 'application/x-ndjson', csv: 'text/csv', md: 'text/markdown',
};

/** An export holds every vector: far above the 1 MB of other bodies. */
const importLimitBytes = exportLimits.bodyBytes;

/**
 * GET /export streams a collection in one format; POST /import restores a json or jsonl export into the
 * collection asked for, else the one the export names (the use case checks the caller's permission there).
 */
export function transferRoutes(useCases: UseCases): Router {
	const router = Router();
	router.get('/export', serves('export', 'query'), async (request, response) => {
		const {collection, format} = validateQuery(exportQuery, request.query);
		// Read from the storage a page at a time as the client takes it: memory stays flat for a large collection.
		const parts = await useCases.exportCollection(actorIn(response), collection, format);
		response.type(contentTypes[format]);
		for await (const part of parts) {
			if (!response.write(part)) {
				await new Promise(resolve => response.once('drain', resolve));
			}
		}

		response.end();
	});
	router.post('/import', serves('import', 'query'), bodyLimit(importLimitBytes, `an import may be at most ${importLimitBytes / 1024 / 1024} MB`), async (request, response) => {
		if (!request.is(['application/json', 'application/x-ndjson'])) {
			throw new HttpError(415, 'unsupported_media_type', 'an import must be sent as application/json or application/x-ndjson');
		}

		const {collection} = validateQuery(importQuery, request.query);
		try {
			// Parsed as it arrives, a document at a time (engine/export/read-export.ts), never held whole.
			response.json(toImportResult(await useCases.importCollection(actorIn(response), request, collection)));
		} catch (error) {
			if (!request.readableEnded) {
				response.set('Connection', 'close'); // the rest of a refused body is not read: the connection ends with the answer
			}

			throw error;
		}
	});
	return router;
}
