// What /health reports: the store readable, the model's state, vectors being filled in, and the problems of
// work no request waits for. Open to anyone who reaches the daemon: where the model came from (a folder's path
// among it) only for the owner.
import type {ModelOrigin} from '../../common/settings/model-origin.js';
import type {Problem} from '../engine/background-problems.js';
import type {EmbedderState} from '../engine/embedder/embedder.js';
import type {Engine} from '../engine/engine.js';
import type {FillProgress} from '../engine/vector-fill.js';
import type {LoadedModel} from '../engine/models/engine-models.js';
import type {ModelSwitch} from '../engine/engine-answers.js';
import type {ModelSettings} from '../models/model-settings.js';

export type HealthDeps = {readonly engine: Engine; readonly version: string; readonly startedAt: number; readonly modelOrigin?: ModelOrigin; readonly modelSettings?: ModelSettings};

export type Health = {
	readonly status: 'ok' | 'degraded' | 'error';
	/** Why it is not ok, in one line: the first problem, else the model's state. */
	readonly reason?: string;
	readonly version: string;
	readonly uptimeSeconds: number;
	/** The store, and the chunks it holds in all. */
	readonly store: {readonly status: 'ok' | 'error'; readonly count: number};
	readonly embedder: EmbedderState;
	/** A loaded model server that is out of reach now, and why. */
	readonly outage?: string;
	readonly origin?: ModelOrigin;
	readonly vectorFill?: FillProgress;
	/** Every model loaded now (the default, collections' own, a switch's two). */
	readonly models: readonly LoadedModel[];
	/** Collections switching to another model, with their progress. */
	readonly switches: readonly ModelSwitch[];
	readonly problems: readonly Problem[];
	/** The storage in use (for PostgreSQL: the server's versions, the database, this daemon's connections); none when it cannot be read. */
	readonly storage?: Awaited<ReturnType<Engine['describeStorage']>>;
	/** The write running and those waiting. */
	readonly writes: Engine['writeQueue'];
};

export async function health({engine, version, startedAt, modelOrigin, modelSettings}: HealthDeps, options: {readonly owner: boolean}): Promise<Health> {
	const state = engine.embedder;
	const origin = modelSettings?.origin ?? modelOrigin;
	let store: Health['store'];
	let storage: Health['storage'];
	let switches: ModelSwitch[] = [];
	try {
		[store, storage, switches] = await Promise.all([
			engine.collections().then(collections => ({status: 'ok' as const, count: collections.reduce((sum, collection) => sum + collection.count, 0)})),
			engine.describeStorage(),
			engine.models.switches(),
		]);
	} catch {
		store = {status: 'error', count: 0};
	}

	const problems = engine.problems.list();
	// A model server that went away after it loaded: searches rank by keyword meanwhile (engine/search/run-search.ts).
	const outage = state.status === 'ready' ? state.embedder.outage?.() : undefined;
	const modelProblem = outage ?? modelNotReady(state);
	const status = store.status === 'ok' ? (modelProblem === undefined && problems.length === 0 ? 'ok' : 'degraded') : 'error';
	const reason = store.status === 'ok' ? problems[0]?.message ?? modelProblem : 'the store cannot be read';
	return {
		status, ...(reason === undefined ? {} : {reason}), version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), store, embedder: state,
		...(outage === undefined ? {} : {outage}),
		...(origin && options.owner ? {origin} : {}), ...(engine.vectorFillProgress ? {vectorFill: engine.vectorFillProgress} : {}), models: engine.models.loaded(), switches, problems,
		...(storage ? {storage} : {}), writes: engine.writeQueue,
	};
}

/** Why the default model cannot embed yet; undefined once it is loaded. */
function modelNotReady(state: EmbedderState): string | undefined {
	if (state.status === 'loading') {
		return `the model ${state.modelId} is loading`;
	}

	return state.status === 'unavailable' ? state.reason : undefined;
}
