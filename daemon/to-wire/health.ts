import type {Health} from '../use-cases/health.js';

/**
 * GET /health: the spec's fields (checks.chromadb is the vector store, its `backend` the real one), plus version, model (and, for the
 * owner, the setting that chose it), every model loaded, the model switches under way, and uptime. `checks.storage` names the backend (for PostgreSQL: the server's
 * versions, the database, this daemon's connections); `checks.writes` the write running and those waiting.
 * `checks.background` lists what failed in work no request waits
 * for (an index file on a full disk) and what the data folder probe found (full, read-only), each with its
 * reason; any of them makes the status `degraded`.
 */
export function toHealth(health: Health) {
	const {embedder: state, origin, vectorFill, problems} = health;
	const more = {
		...(origin ? {origin} : {}),
		models: health.models.map(({reference, state: model, isDefault}) => ({
			model: reference, status: model.status === 'ready' ? 'ok' : model.status, dimension: model.status === 'ready' ? model.embedder.dims : 0, default: isDefault,
		})),
		model_switches: health.switches.map(entry => ({collection: entry.collection, from: entry.from, to: entry.target.modelId, done: entry.done, total: entry.total, started_at: entry.startedAt})),
	};
	const embedder = state.status === 'ready'
		? {status: health.outage === undefined ? 'ok' : 'unavailable', dimension: state.embedder.dims, model: state.embedder.modelId, ...more, ...(vectorFill ? {vector_fill: vectorFill} : {}), ...(health.outage === undefined ? {} : {reason: health.outage})}
		: {status: state.status, dimension: 0, model: state.modelId, ...more, ...(state.status === 'unavailable' ? {reason: state.reason} : {})};
	const background = {status: problems.length > 0 ? 'degraded' : 'ok', problems};
	return {
		status: health.status, ...(health.reason === undefined ? {} : {reason: health.reason}), version: health.version, uptime_s: health.uptimeSeconds,
		// `chromadb` is the spec's name for the vector store; `backend` says which one this is.
		checks: {chromadb: {...health.store, ...(health.storage ? {backend: health.storage.backend} : {})}, embedder, ...(health.storage ? {storage: health.storage} : {}), writes: health.writes, background},
	};
}
