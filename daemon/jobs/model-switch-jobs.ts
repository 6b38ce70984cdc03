import type {Engine} from '../engine/engine.js';
import type {ModelSwitchProgress} from '../engine/models/model-switcher.js';
import type {Job} from './job.js';
import type {JobRegistry} from './job-registry.js';

/** The running job of this daemon that switches the collection's model, if any. */
export function runningSwitchJob(jobs: JobRegistry, collection: string): Job | undefined {
	return jobs.list().find(job => job.type === 'model-switch' && job.collection === collection && job.state === 'running');
}

/**
 * Runs the collection's switch (begun in the storage) as a job: followed and cancelled like the others. A cancel
 * discards the switch (the old model keeps serving); the daemon stopping leaves it for the next start.
 */
export async function startSwitchJob(engine: Engine, jobs: JobRegistry, collection: string, initial: ModelSwitchProgress): Promise<Job> {
	return jobs.startModelSwitch(collection, initial, async (signal, onProgress) => {
		const report = await engine.models.runSwitch(collection, initial.to, signal, progress => {
			onProgress({...progress, from: initial.from});
		});
		return {...report, from: initial.from};
	});
}

/** At start: every switch a stop or a kill left under way is resumed where it was, each as a job. */
export async function resumeModelSwitches(engine: Engine, jobs: JobRegistry, log: (line: string) => void): Promise<void> {
	const under = await engine.models.switches();
	for (const current of under) {
		const {model} = await engine.models.statusOf(current.collection);
		log(`resuming the model switch of '${current.collection}' to ${current.target.modelId}: ${current.done} of ${current.total} chunks done`);
		await startSwitchJob(engine, jobs, current.collection, {from: model, to: current.target.modelId, done: current.done, total: current.total});
	}
}
