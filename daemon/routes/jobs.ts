import {Router} from 'express';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validate, validateQuery} from '../http/validate.js';
import type {StreamSlots} from '../http/stream-slots.js';
import {toJob, toJobSummary} from '../to-wire/jobs.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {jobsQuery} from '../../common/requests/jobs.js';
import {directoryJobBody, updateJobBody} from '../../common/requests/sync.js';
import {jobEvents} from './job-events.js';

/**
 * Directory ingest as one job: POST starts it (202; the sync use case checks the collection and the folders),
 * GET follows its progress, POST .../cancel stops it. Reading, following and cancelling jobs needs any grant of
 * ingest:default (the declaration checks it).
 */
export function jobsRoutes(useCases: UseCases, slots: StreamSlots): Router {
	const router = Router();
	router.post('/jobs/ingest-directory', serves('ingestDirectory', 'body'), async (request, response) => {
		const body = validate(directoryJobBody, request.body ?? {});
		const job = await useCases.startDirectoryJob(actorIn(response), {
			directory: body.directory, collection: body.collection, mode: body.mode,
			include: body.include, exclude: body.exclude, ignoreFiles: body.ignore_files, hidden: body.hidden, label: body.label,
		});
		response.status(202).json({job: toJobSummary(job)});
	});
	router.post('/jobs/update', serves('update'), async (request, response) => {
		const body = validate(updateJobBody, request.body ?? {});
		const job = await useCases.startUpdateJob(actorIn(response), {collection: body.collection, mode: body.mode});
		response.status(202).json({job: toJobSummary(job)});
	});
	// A page of this daemon's jobs, without their reports (GET /jobs/{id} has one): `next` (absent on the last
	// page) is the `after` of the next page.
	router.get('/jobs', serves('jobs'), (request, response) => {
		const {limit, after} = validateQuery(jobsQuery, request.query);
		const page = useCases.listJobs(actorIn(response), {limit, after});
		response.json({jobs: page.jobs.map(job => toJobSummary(job)), ...(page.next === undefined ? {} : {next: page.next})});
	});
	// A job of another daemon of the database too (the job board): any daemon answers for any job.
	router.get('/jobs/:id', serves('jobs'), async (request, response) => {
		response.json({job: toJob(await useCases.getJob(actorIn(response), request.params.id))});
	});
	router.get('/jobs/:id/events', serves('jobs'), jobEvents(useCases, slots));
	router.post('/jobs/:id/cancel', serves('jobs'), async (request, response) => {
		response.json({job: toJobSummary(await useCases.cancelJob(actorIn(response), request.params.id))});
	});
	return router;
}
