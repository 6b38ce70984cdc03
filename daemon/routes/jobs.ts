import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {checkCollectionName} from '../engine/names.js';
import {HttpError} from '../http/http-error.js';
import {admit, needs, type Need} from '../http/needs.js';
import {validate} from '../http/validate.js';
import type {JobRegistry} from '../jobs/job-registry.js';
import {resolveSafePath, type PathsFor} from '../safe-path.js';
import {directoryJobBody, updateJobBody} from './schemas.js';
import {jobEvents} from './job-events.js';

/**
 * Directory ingest as one job: POST starts it (202), GET follows its progress, POST .../cancel stops it. GET
 * /jobs lists this daemon's jobs; a job of another daemon sharing the database is found, followed and
 * cancelled by its id.
 */
export function jobsRoutes(engine: Engine, jobs: JobRegistry, allowedPaths: PathsFor): Router {
	const router = Router();
	router.post('/jobs/ingest-directory', needs('ingest:default', 'body'), async (request, response) => {
		const body = validate(directoryJobBody, request.body ?? {});
		const collection = checkCollectionName(body.collection);
		const directory = await resolveSafePath('directory', body.directory, allowedPaths(response), 'directory');
		const settings = {include: body.include, exclude: body.exclude, ignoreFiles: body.ignore_files, hidden: body.hidden, label: body.label};
		const job = await jobs.start(collection, directory, async (signal, onProgress) =>
			engine.ingestDirectory(collection, {directory, mode: body.mode, signal, onProgress, ...settings}));
		response.status(202).json({job: summary(job)});
	});
	router.post('/jobs/update', needs('ingest:default', 'none'), async (request, response) => {
		const body = validate(updateJobBody, request.body ?? {});
		const collections = await syncedCollections(engine, body.collection);
		for (const name of collections) {
			// Each collection synced needs ingest:default, and the read scope of each of its folders (re-checked at every sync).
			admit(request, response, ingestNeed, name);
			for (const source of await engine.sources(name)) {
				await resolveSafePath('directory', source.path, allowedPaths(response), 'directory').catch((error: unknown) => {
					// A missing folder is the sync's to report (nothing removed); a folder the caller may not read is refused.
					if (error instanceof HttpError && error.status === 403) {
						throw error;
					}
				});
			}
		}

		const job = await jobs.start(body.collection ?? '*', '', async (signal, onProgress) =>
			engine.update(body.collection, {mode: body.mode, signal, onProgress}), 'update');
		response.status(202).json({job: summary(job)});
	});
	router.get('/jobs', needs('ingest:default', 'none'), (_request, response) => {
		response.json({jobs: jobs.list().map(job => summary(job))});
	});
	// A job of another daemon of the database too (the job board): any daemon answers for any job.
	router.get('/jobs/:id', needs('ingest:default', 'none'), async (request, response) => {
		const job = await jobs.find(request.params.id);
		if (!job) {
			throw new HttpError(404, 'not_found', `job '${request.params.id}' does not exist`);
		}

		response.json({job});
	});
	router.get('/jobs/:id/events', needs('ingest:default', 'none'), jobEvents(jobs));
	router.post('/jobs/:id/cancel', needs('ingest:default', 'none'), async (request, response) => {
		const job = await jobs.requestCancel(request.params.id);
		if (!job) {
			throw new HttpError(404, 'not_found', `job '${request.params.id}' does not exist`);
		}

		response.json({job: summary(job)});
	});
	return router;
}

const ingestNeed: Need = {kind: 'permission', permission: 'ingest:default', collection: 'none'};

/** The collections an update syncs: the one named (404 when absent), or every one that has a folder source. */
async function syncedCollections(engine: Engine, collection: string | undefined): Promise<string[]> {
	if (collection !== undefined) {
		await engine.sources(collection);
		return [collection];
	}

	const names = (await engine.collections()).map(entry => entry.name);
	const withSources = await Promise.all(names.map(async name => ((await engine.sources(name)).length > 0 ? name : undefined)));
	return withSources.filter(name => name !== undefined);
}

function summary(job: ReturnType<JobRegistry['list']>[number]) {
	const {report, ...rest} = job;
	return rest;
}
