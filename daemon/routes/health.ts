import type {RequestHandler} from 'express';
import type {Engine} from '../engine/engine.js';

/** GET /health: the spec's fields (checks.chromadb names the vector store), plus version, model and uptime. */
export function health(engine: Engine, version: string, startedAt: number): RequestHandler {
	return async (_request, response) => {
		const state = engine.embedder;
		let store: {status: string; count: number};
		try {
			store = {status: 'ok', count: (await engine.collections()).reduce((sum, collection) => sum + collection.count, 0)};
		} catch {
			store = {status: 'error', count: 0};
		}

		const fill = engine.vectorFillProgress; // vectors being filled in: semantic search sees part of the chunks
		const embedder = state.status === 'ready'
			? {status: 'ok', dimension: state.embedder.dims, model: state.embedder.modelId, ...(fill ? {vector_fill: fill} : {})}
			: {status: state.status, dimension: 0, model: state.modelId, ...(state.status === 'unavailable' ? {reason: state.reason} : {})};
		const status = store.status === 'ok' ? (state.status === 'ready' ? 'ok' : 'degraded') : 'error';
		response.json({status, version, uptime_s: Math.round((Date.now() - startedAt) / 1000), checks: {chromadb: store, embedder}});
	};
}
