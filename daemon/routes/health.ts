import type {RequestHandler} from 'express';
import type {Engine} from '../engine/engine.js';

/**
 * GET /health: the spec's fields (checks.chromadb names the vector store), plus version, model and uptime.
 * `checks.storage` names the backend (for PostgreSQL: the server's versions, the database, this daemon's
 * connections); `checks.writes` the write running and those waiting. `checks.background` lists what failed in work no request waits for (an index file on a full disk) and what
 * the data folder probe found (full, read-only), each with its reason; any of them makes the status `degraded`,
 * and `reason` says why in one line (the first problem, else the model's state).
 */
export function health(engine: Engine, version: string, startedAt: number): RequestHandler {
	return async (_request, response) => {
		const state = engine.embedder;
		let store: {status: string; count: number};
		let storage: Awaited<ReturnType<Engine['describeStorage']>> | undefined;
		try {
			[store, storage] = await Promise.all([
				engine.collections().then(collections => ({status: 'ok', count: collections.reduce((sum, collection) => sum + collection.count, 0)})),
				engine.describeStorage(),
			]);
		} catch {
			store = {status: 'error', count: 0};
		}

		const fill = engine.vectorFillProgress; // vectors being filled in: semantic search sees part of the chunks
		const embedder = state.status === 'ready'
			? {status: 'ok', dimension: state.embedder.dims, model: state.embedder.modelId, ...(fill ? {vector_fill: fill} : {})}
			: {status: state.status, dimension: 0, model: state.modelId, ...(state.status === 'unavailable' ? {reason: state.reason} : {})};
		const problems = engine.problems.list();
		const background = {status: problems.length > 0 ? 'degraded' : 'ok', problems};
		const status = store.status === 'ok' ? (state.status === 'ready' && problems.length === 0 ? 'ok' : 'degraded') : 'error';
		const reason = store.status === 'ok'
			? problems[0]?.message ?? (state.status === 'loading' ? `the model ${state.modelId} is loading` : (state.status === 'unavailable' ? state.reason : undefined))
			: 'the store cannot be read';
		response.json({status, ...(reason === undefined ? {} : {reason}), version, uptime_s: Math.round((Date.now() - startedAt) / 1000), checks: {chromadb: store, embedder, ...(storage ? {storage} : {}), writes: engine.writeQueue, background}});
	};
}
