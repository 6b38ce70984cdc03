import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import type {ExportFormat} from '../../common/wire/transfer.js';
import {HttpError} from '../http/http-error.js';
import {bodyLimit} from '../http/body-limit.js';
import {admit, needs, type Need} from '../http/needs.js';
import {checkNamedPath, type PathsFor} from '../safe-path.js';
import {validateQuery} from '../http/validate.js';
import {toImportResult} from '../to-wire/documents.js';
import {exportLimits} from '../engine/export/export-limits.js';
import {exportQuery, importQuery} from './schemas.js';

const contentTypes: Record<ExportFormat, string> = {
	json: 'application/json', jsonl: 'application/x-ndjson', csv: 'text/csv', md: 'text/markdown',
};

/** An export holds every vector: far above the 1 MB of other bodies. */
const importLimitBytes = exportLimits.bodyBytes;

const ingestNeed: Need = {kind: 'permission', permission: 'ingest:default', collection: 'none'};

/** GET /export streams a collection in one format; POST /import restores a json or jsonl export. */
export function transferRoutes(engine: Engine, allowedPaths: PathsFor): Router {
	const router = Router();
	router.get('/export', needs('export:default', 'query'), async (request, response) => {
		const {collection, format} = validateQuery(exportQuery, request.query);
		// Read from the storage a page at a time as the client takes it: memory stays flat for a large collection.
		const parts = await engine.export(collection, format);
		response.type(contentTypes[format]);
		for await (const part of parts) {
			if (!response.write(part)) {
				await new Promise(resolve => response.once('drain', resolve));
			}
		}

		response.end();
	});
	router.post('/import', needs('ingest:default', 'none'), bodyLimit(importLimitBytes, `an import may be at most ${importLimitBytes / 1024 / 1024} MB`), async (request, response) => {
		if (!request.is(['application/json', 'application/x-ndjson'])) {
			throw new HttpError(415, 'unsupported_media_type', 'an import must be sent as application/json or application/x-ndjson');
		}

		const {collection} = validateQuery(importQuery, request.query);
		// The collection written is checked once known (the export names it when the query does not), and so are the paths it names.
		const guard = {
			collection(name: string) {
				admit(request, response, ingestNeed, name);
			},
			path: async (field: string, target: string) => checkNamedPath(field, target, allowedPaths(response)),
		};
		try {
			if (collection) {
				guard.collection(collection); // named in the query: refused before a byte of the body is read
			}

			// Parsed as it arrives, a document at a time (engine/export/read-export.ts), never held whole.
			response.json(toImportResult(await engine.import(request, collection, guard)));
		} catch (error) {
			if (!request.readableEnded) {
				response.set('Connection', 'close'); // the rest of a refused body is not read: the connection ends with the answer
			}

			throw error;
		}
	});
	return router;
}
