// The owner's model routes: the list, installs and verifies as jobs followed over server-sent events, and their
// cancel. Downloads and the embeddings check run in the daemon, which owns the models folder and the model's
// loading code (md-vector's command never loads it): `md-vector model` follows the job with a progress bar.
import {Router} from 'express';
import {catalogueModel, didYouMeanModel, catalogueNames} from '../../common/models/find-model.js';
import type {CatalogueModel} from '../../common/models/catalogue-types.js';
import {installBody, verifyBody} from '../../common/requests/models.js';
import type {ModelJob} from '../../common/wire/models.js';
import {HttpError} from '../http/http-error.js';
import {ownerOnly} from '../http/route-access.js';
import type {StreamSlots} from '../http/stream-slots.js';
import {followJob} from '../http/job-stream.js';
import {validate} from '../http/validate.js';
import type {ModelService} from '../models/model-service.js';

function known(model: string): CatalogueModel {
	const found = catalogueModel(model);
	if (!found) {
		throw new HttpError(404, 'unknown_model', `md-vector knows no model '${model}'${didYouMeanModel(model)}: it installs ${catalogueNames.join(', ')}`);
	}

	return found;
}

function found(service: ModelService, id: string): ModelJob {
	const job = service.jobs.get(id);
	if (!job) {
		throw new HttpError(404, 'not_found', `model job '${id}' does not exist`);
	}

	return job;
}

export function modelRoutes(service: ModelService, slots: StreamSlots): Router {
	const router = Router();
	router.get('/models', ownerOnly, async (_request, response) => {
		response.json(await service.list());
	});
	router.post('/models/install', ownerOnly, (request, response) => {
		const body = validate(installBody, request.body ?? {});
		response.status(202).json({job: service.install(known(body.model), body.force)});
	});
	router.post('/models/verify', ownerOnly, (request, response) => {
		const body = validate(verifyBody, request.body ?? {});
		response.status(202).json({job: service.verify(body.model === undefined ? undefined : known(body.model))});
	});
	router.get('/models/jobs/:id', ownerOnly, (request, response) => {
		response.json({job: found(service, request.params.id)});
	});
	router.get('/models/jobs/:id/events', ownerOnly, (request, response) => {
		found(service, request.params.id);
		slots.take(response, 'GET /models/jobs/{id}/events');
		followJob(service.jobs, request.params.id, response);
	});
	router.post('/models/jobs/:id/cancel', ownerOnly, (request, response) => {
		found(service, request.params.id);
		response.json({job: service.jobs.cancel(request.params.id)});
	});
	return router;
}
