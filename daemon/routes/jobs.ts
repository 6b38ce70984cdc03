import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {checkCollectionName} from '../engine/names.js';
import {HttpError} from '../http/http-error.js';
import {needs} from '../http/needs.js';
import {validate} from '../http/validate.js';
import type {JobRegistry} from '../jobs/job-registry.js';
import {resolveSafePath, type PathsFor} from '../safe-path.js';
import {directoryJobBody} from './schemas.js';
import {jobEvents} from './job-events.js';

/** Directory ingest as one job: POST starts it (202), GET follows its progress, POST .../cancel stops it. */
export function jobsRoutes(engine: Engine, jobs: JobRegistry, allowedPaths: PathsFor): Router {
	const router = Router();
	router.post('/jobs/ingest-directory', needs('ingest:default', 'body'), async (request, response) => {
		const body = validate(directoryJobBody, request.body ?? {});
		const collection = checkCollectionName(body.collection);
		const directory = await resolveSafePath('directory', body.directory, allowedPaths(response), 'directory');
		const job = jobs.start(collection, directory, async (signal, onProgress) =>
			engine.ingestDirectory(collection, {directory, mode: body.mode, signal, onProgress}));
		response.status(202).json({job: summary(job)});
	});
	router.get('/jobs', needs('ingest:default', 'none'), (_request, response) => {
		response.json({jobs: jobs.list().map(job => summary(job))});
	});
	router.get('/jobs/:id', needs('ingest:default', 'none'), (request, response) => {
		const job = jobs.get(request.params.id);
		if (!job) {
			throw new HttpError(404, 'not_found', `job '${request.params.id}' does not exist`);
		}

		response.json({job});
	});
	router.get('/jobs/:id/events', needs('ingest:default', 'none'), jobEvents(jobs));
	router.post('/jobs/:id/cancel', needs('ingest:default', 'none'), (request, response) => {
		const job = jobs.cancel(request.params.id);
		if (!job) {
			throw new HttpError(404, 'not_found', `job '${request.params.id}' does not exist`);
		}

		response.json({job: summary(job)});
	});
	return router;
}

function summary(job: ReturnType<JobRegistry['list']>[number]) {
	const {report, ...rest} = job;
	return rest;
}
