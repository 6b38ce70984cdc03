import type {Health} from '../use-cases/health.js';

/**
 * GET /health: the spec's fields (checks.chromadb names the vector store), plus version, model (and, for the
 * owner, the setting that chose it) and uptime. `checks.storage` names the backend (for PostgreSQL: the server's
 * versions, the database, this daemon's connections); `checks.writes` the write running and those waiting.
 * `checks.background` lists what failed in work no request waits
 * for (an index file on a full disk) and what the data folder probe found (full, read-only), each with its
 * reason; any of them makes the status `degraded`.
 */
export function toHealth(health: Health) {
	const {embedder: state, origin, vectorFill, problems} = health;
	const from = origin ? {origin} : {};
	const embedder = state.status === 'ready'
		? {status: health.outage === undefined ? 'ok' : 'unavailable', dimension: state.embedder.dims, model: state.embedder.modelId, ...from, ...(vectorFill ? {vector_fill: vectorFill} : {}), ...(health.outage === undefined ? {} : {reason: health.outage})}
		: {status: state.status, dimension: 0, model: state.modelId, ...from, ...(state.status === 'unavailable' ? {reason: state.reason} : {})};
	const background = {status: problems.length > 0 ? 'degraded' : 'ok', problems};
	return {
		status: health.status, ...(health.reason === undefined ? {} : {reason: health.reason}), version: health.version, uptime_s: health.uptimeSeconds,
		checks: {chromadb: health.store, embedder, ...(health.storage ? {storage: health.storage} : {}), writes: health.writes, background},
	};
}
