// GET /health, as a type: the spec's fields (checks.chromadb names the vector store), plus version, model, uptime.
import type {ModelOrigin} from '../settings/model-origin.js';

export type Health = {
	readonly status: 'ok' | 'degraded' | 'error';
	/** Why the status is not ok (the first background problem, else the model's state). */
	readonly reason?: string;
	readonly version: string;
	readonly uptime_s: number;
	readonly checks: {
		/** The spec's name for the vector store; `backend` is which one (absent when it could not be read). */
		readonly chromadb: {readonly status: string; readonly count: number; readonly backend?: 'embedded' | 'postgres'};
		readonly embedder: {
			readonly status: string; readonly dimension: number; readonly model: string; readonly reason?: string;
			/** Which setting chose the model, and the folder or hub id it names (to the owner only). */
			readonly origin?: ModelOrigin;
			/** While vectors are filled in after the model became available: chunks with a vector so far of all. */
			readonly vector_fill?: {readonly done: number; readonly total: number};
			/**
			 * Every model loaded now (absent from daemons before issue 35): the default (new collections), collections'
			 * own, and a switch's two. A model no collection used for 10 minutes is released.
			 */
			readonly models?: ReadonlyArray<{readonly model: string; readonly status: string; readonly dimension: number; readonly default: boolean}>;
			/**
			 * Collections switching to another model (`md-vector model use`): the new model's vectors made so far, of
			 * all chunks. Searches answer from `from` until the switch completes, then from `to`.
			 */
			readonly model_switches?: ReadonlyArray<{
				readonly collection: string; readonly from: string | null; readonly to: string; readonly done: number; readonly total: number; readonly started_at: string;
			}>;
		};
		/**
		 * Where the collections live (absent from daemons before issue 27): `embedded` (SQLite + FAISS in the data
		 * folder) or `postgres`, with the server's versions and this daemon's connections.
		 */
		readonly storage?: {
			readonly backend: 'embedded' | 'postgres'; readonly location: string; readonly database?: string; readonly server?: string; readonly pgvector?: string;
			readonly pool?: {readonly open: number; readonly busy: number; readonly max: number; readonly waiting: number};
		};
		/** The write running and those waiting behind it: writes take turns, a long job one group at a time. */
		readonly writes?: {readonly running: string | null; readonly waiting: readonly string[]};
		/** Failed background work and data folder problems (absent from daemons before issue 16). */
		readonly background?: {readonly status: string; readonly problems: ReadonlyArray<{readonly source: string; readonly message: string; readonly since: string}>};
	};
};
