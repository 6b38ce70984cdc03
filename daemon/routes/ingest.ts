import path from 'node:path';
import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {sha256} from '../engine/hash.js';
import type {FileStamp} from '../engine/files/file-stamp.js';
import {needs} from '../http/needs.js';
import {validate} from '../http/validate.js';
import {readSafeFile, type PathsFor} from '../safe-path.js';
import {toIngestResult} from '../to-wire/documents.js';
import {ingestBody} from './schemas.js';

export function ingestRoutes(engine: Engine, allowedPaths: PathsFor): Router {
	const router = Router();
	router.post('/ingest', needs('ingest:default', 'body'), async (request, response) => {
		const body = validate(ingestBody, request.body ?? {});
		let content: string;
		let fileName: string;
		let sourcePath: string | undefined;
		let nameFromPath = false;
		let stamp: FileStamp | undefined;
		if (body.file_path === undefined) {
			content = body.content!;
			fileName = body.file_name ?? `document-${sha256(content, 8)}.md`;
		} else {
			// Opened once and checked as opened: a link swapped in after the check reads nothing outside.
			({realPath: sourcePath, text: content, stamp} = await readSafeFile('file_path', body.file_path, allowedPaths(response)));
			fileName = body.file_name ?? path.basename(body.file_path);
			nameFromPath = body.file_name === undefined;
		}

		const result = await engine.ingest({content, fileName, sourcePath, nameFromPath, stamp, collection: body.collection, mode: body.mode});
		response.json(toIngestResult(result));
	});
	return router;
}
