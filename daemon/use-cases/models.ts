// Switching models in place (`md-vector model use`, POST /models/use): the owner's alone, as it changes what every
// collection answers from. A collection switches in the background (a job: engine/models/model-switcher.ts); a
// model that cannot be loaded is refused before anything is changed.
import {catalogueModel} from '../../common/models/find-model.js';
import type {Embedder} from '../engine/embedder/embedder.js';
import type {Engine} from '../engine/engine.js';
import {holdsFingerprint, type CollectionModel} from '../engine/models/engine-models.js';
import type {Job, JobRegistry} from '../jobs/job-registry.js';
import {runningSwitchJob, startSwitchJob} from '../jobs/model-switch-jobs.js';
import type {ModelSettings, RecordedDefault} from '../models/model-settings.js';
import {UnknownModel} from '../models/model-resolver.js';
import type {Actor} from './actor.js';
import {DomainError, invalidInput} from './errors.js';

export type ModelsDeps = {readonly engine: Engine; readonly jobs: JobRegistry; readonly modelSettings?: ModelSettings};

/**
 * What became of one collection: `switching` (a job makes the new vectors; searches answer from the old ones
 * until the swap), `uses` (it already uses the model: nothing done), `cancelled` (it uses the model, and the
 * switch to another under way was discarded: the model it uses keeps serving).
 */
export type CollectionSwitch = {
	readonly collection: string;
	readonly from: string | null;
	readonly action: 'switching' | 'uses' | 'cancelled';
	readonly chunks: number;
	/** The model a switch under way was going to, now replaced or cancelled. */
	readonly replaced?: string;
	readonly job?: Job;
};

export type ModelUse = {
	readonly model: string;
	readonly dimensions: number;
	/** Without a collection: the default model (new collections), before and now, and the setting that records it. */
	readonly default?: {readonly previous: string | null; readonly recorded?: RecordedDefault};
	readonly collections: readonly CollectionSwitch[];
};

/**
 * Switches one collection (or, without one, every collection, and the default model for new ones) to `model`:
 * a model folder, a hub id or a model's name. The model is loaded first: one that cannot be is refused (422)
 * with the reason and the fix, and nothing is changed.
 */
export async function useModel({engine, jobs, modelSettings}: ModelsDeps, actor: Actor, input: {readonly model: string; readonly collection?: string}): Promise<ModelUse> {
	actor.requireOwner('switch models');
	if (!modelSettings) {
		throw new DomainError('model_unavailable', 422, 'this daemon loads no model other than its own');
	}

	let reference: string;
	try {
		({reference} = modelSettings.resolver.resolve(input.model));
	} catch (error) {
		throw error instanceof UnknownModel ? invalidInput(`model: ${error.message}`) : error;
	}

	const embedder = await loaded(engine, reference);
	const names = input.collection === undefined ? (await engine.collections()).map(entry => entry.name) : [input.collection];
	const statuses = await Promise.all(names.map(async name => engine.models.statusOf(name)));
	// Recorded first (the config file may be unreadable: then nothing changed), then in force at once.
	const recorded = input.collection === undefined ? modelSettings.record(reference) : undefined;
	const defaults = recorded ? {previous: await engine.models.useDefault(reference) ?? null, recorded} : undefined;
	const collections: CollectionSwitch[] = [];
	for (const status of statuses) {
		collections.push(await switchOne({engine, jobs}, status, embedder));
	}

	return {model: reference, dimensions: embedder.dims, ...(defaults ? {default: defaults} : {}), collections};
}

/** The model loaded (or a 422 saying why it cannot be, and what to do). */
async function loaded(engine: Engine, reference: string): Promise<Embedder> {
	try {
		return await engine.models.load(reference);
	} catch (error) {
		// The loader's advice is about the daemon's own model setting; here the fix is another folder or name.
		const reason = (error instanceof Error ? error.message : String(error)).replace(/\s*(Set|Check that) MD_VECTOR_MODEL_DIR[^]*$/, '').replace(/\.+$/, '');
		const fix = catalogueModel(reference)
			? `install it (md-vector model install ${reference}), then md-vector model use ${reference} again`
			: `give the model's folder (md-vector model use /path/to/${reference}), or a hub id it can be downloaded from`;
		throw new DomainError('model_unavailable', 422, `cannot switch to ${reference}: ${reason}. Nothing was changed: ${fix}`);
	}
}

async function switchOne({engine, jobs}: Pick<ModelsDeps, 'engine' | 'jobs'>, status: CollectionModel, embedder: Embedder): Promise<CollectionSwitch> {
	const {collection, model: from, chunks, switching} = status;
	const uses = holdsFingerprint({modelId: from, dims: status.dims}, embedder);
	const target = switching?.target;
	const toSame = holdsFingerprint(target, embedder);
	if (uses) {
		if (!switching) {
			return {collection, from, action: 'uses', chunks};
		}

		await engine.models.cancelSwitch(collection); // its job ends at its next batch
		return {collection, from, action: 'cancelled', chunks, replaced: target!.modelId};
	}

	const running = runningSwitchJob(jobs, collection);
	if (toSame && running) {
		return {collection, from, action: 'switching', chunks, job: running};
	}

	const begun = await engine.models.beginSwitch(collection, embedder);
	const job = await startSwitchJob(engine, jobs, collection, {from, to: embedder.modelId, done: begun.done, total: begun.total});
	return {collection, from, action: 'switching', chunks, ...(target && !toSame ? {replaced: target.modelId} : {}), job};
}
