import type {RequestHandler} from 'express';
import type {Engine} from '../engine/engine.js';
import type {ModelOrigin} from '../../common/settings/model-origin.js';

/**
 * GET /health: the spec's fields (checks.chromadb names the vector store), plus version, model (and, for the owner, the
 * setting that chose it) and uptime.
 * `checks.background` lists what failed in work no request waits for (an index file on a full disk) and what
 * the data folder probe found (full, read-only), each with its reason; any of them makes the status `degraded`,
 * and `reason` says why in one line (the first problem, else the model's state).
 */
export function health(engine: Engine, version: string, startedAt: number, origin?: ModelOrigin): RequestHandler {
	return async (_request, response) => {
		// Where the model came from (a folder's path among it) only for the owner: /health is open to anyone who reaches the daemon.
		const from = origin && response.locals.caller?.kind === 'owner' ? {origin} : {};
		const state = engine.embedder;
		let store: {status: string; count: number};
		try {
			store = {status: 'ok', count: (await engine.collections()).reduce((sum, collection) => sum + collection.count, 0)};
		} catch {
			store = {status: 'error', count: 0};
		}

		const fill = engine.vectorFillProgress; // vectors being filled in: semantic search sees part of the chunks
		const embedder = state.status === 'ready'
			? {status: 'ok', dimension: state.embedder.dims, model: state.embedder.modelId, ...from, ...(fill ? {vector_fill: fill} : {})}
			: {status: state.status, dimension: 0, model: state.modelId, ...from, ...(state.status === 'unavailable' ? {reason: state.reason} : {})};
		const problems = engine.problems.list();
		const background = {status: problems.length > 0 ? 'degraded' : 'ok', problems};
		const status = store.status === 'ok' ? (state.status === 'ready' && problems.length === 0 ? 'ok' : 'degraded') : 'error';
		const reason = store.status === 'ok'
			? problems[0]?.message ?? (state.status === 'loading' ? `the model ${state.modelId} is loading` : (state.status === 'unavailable' ? state.reason : undefined))
			: 'the store cannot be read';
		response.json({status, ...(reason === undefined ? {} : {reason}), version, uptime_s: Math.round((Date.now() - startedAt) / 1000), checks: {chromadb: store, embedder, background}});
	};
}
