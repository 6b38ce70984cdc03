import {Router} from 'express';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validate} from '../http/validate.js';
import {toEmbeddings} from '../to-wire/embeddings.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {embeddingsBody} from '../../common/requests/embeddings.js';

/**
 * POST /v1/embeddings: the daemon's model in OpenAI's wire format, so other daemons (embed-provider openai, URL
 * http://HOST:PORT/v1) and any OpenAI client embed with it. Authentication and rate limit as on /api/v1.
 */
export function embeddingsRoutes(useCases: UseCases): Router {
	const router = Router();
	router.post('/embeddings', serves('embed'), async (request, response) => {
		const body = validate(embeddingsBody, request.body ?? {});
		const answer = await useCases.embed(actorIn(response), {texts: body.input, model: body.model, dimensions: body.dimensions});
		response.json(toEmbeddings(answer, body.encoding_format));
	});
	return router;
}
