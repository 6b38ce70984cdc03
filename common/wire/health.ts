// GET /health, as a type: the spec's fields (checks.chromadb names the vector store), plus version, model, uptime.
import type {ModelOrigin} from '../settings/model-origin.js';

export type Health = {
	readonly status: 'ok' | 'degraded' | 'error';
	/** Why the status is not ok (the first background problem, else the model's state). */
	readonly reason?: string;
	readonly version: string;
	readonly uptime_s: number;
	readonly checks: {
		readonly chromadb: {readonly status: string; readonly count: number};
		readonly embedder: {
			readonly status: string; readonly dimension: number; readonly model: string; readonly reason?: string;
			/** Which setting chose the model, and the folder or hub id it names (to the owner only). */
			readonly origin?: ModelOrigin;
			/** While vectors are filled in after the model became available: chunks with a vector so far of all. */
			readonly vector_fill?: {readonly done: number; readonly total: number};
		};
		/** Failed background work and data folder problems (absent from daemons before issue 16). */
		readonly background?: {readonly status: string; readonly problems: ReadonlyArray<{readonly source: string; readonly message: string; readonly since: string}>};
	};
};
