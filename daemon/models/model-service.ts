// What the model routes serve: the list (catalogue, installed, collections per model), installs and verifies as
// jobs. After an install, the daemon loads the model when it is the one its settings name and it has none yet.
import type {CatalogueModel} from '../../common/models/catalogue-types.js';
import {catalogue} from '../../common/models/catalogue.js';
import {listModels, type Usage} from '../../common/models/model-list.js';
import type {ModelJob, ModelList} from '../../common/wire/models.js';
import {installModel} from './install-model.js';
import type {InstallSettings} from './install-settings.js';
import {ModelJobs} from './model-jobs.js';
import {verifyModel} from './verify-model.js';

export type ModelServiceDeps = {
	readonly cacheDir: string;
	readonly settings: InstallSettings;
	/** The daemon's model and its collections' fingerprints. */
	readonly usage: () => Promise<Usage>;
	/** Called once a model is installed, by this install or another (the daemon may load it). */
	readonly onInstalled: (name: string) => void;
	readonly log: (line: string) => void;
};

export class ModelService {
	readonly jobs = new ModelJobs();

	constructor(private readonly deps: ModelServiceDeps) {
		// Fields only.
	}

	async list(): Promise<ModelList> {
		return listModels(this.deps.cacheDir, await this.deps.usage());
	}

	install(model: CatalogueModel, force: boolean): ModelJob {
		return this.jobs.start('install', model.name, async (job, signal, changed) => {
			const outcome = await installModel(model, {
				cacheDir: this.deps.cacheDir, settings: this.deps.settings, force, signal,
				onProgress(progress) {
					job.stage = progress.stage;
					job.source = progress.source;
					job.done_bytes = progress.done;
					job.total_bytes = progress.total;
					changed();
				},
				onAttempt: attempt => {
					job.attempts.push(attempt);
					this.deps.log(`model install ${model.name}: ${attempt.source} failed: ${attempt.error}`);
					changed();
				},
			});
			job.outcome = outcome;
			job.stage = outcome.status === 'installed' ? 'installed' : 'already installed';
			this.deps.log(`model ${model.name} ${job.stage} in ${outcome.folder} (from ${outcome.source})`);
			this.deps.onInstalled(model.name); // installed by another install meanwhile too: the daemon may still have none
		});
	}

	/** Verifies one model, or (undefined) every installed one. */
	verify(model: CatalogueModel | undefined): ModelJob {
		return this.jobs.start('verify', model?.name ?? '*', async (job, signal, changed) => {
			job.verdicts = [];
			for (const each of (model === undefined ? catalogue : [model])) {
				job.stage = `checking ${each.name}`;
				changed();
				const verdict = await verifyModel(each, this.deps.cacheDir, signal);
				if (model !== undefined || verdict.status !== 'not-installed') {
					job.verdicts.push(verdict);
				}
			}

			job.stage = 'checked';
		});
	}
}
