// GET /health, as a type: the spec's fields (checks.chromadb names the vector store), plus version, model, uptime.
export type Health = {
	readonly status: 'ok' | 'degraded' | 'error';
	readonly version: string;
	readonly uptime_s: number;
	readonly checks: {
		readonly chromadb: {readonly status: string; readonly count: number};
		readonly embedder: {readonly status: string; readonly dimension: number; readonly model: string; readonly reason?: string};
	};
};
