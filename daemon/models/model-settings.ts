import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {settingsFile} from '../../common/settings/read-settings.js';
import type {ModelOrigin} from '../../common/settings/model-origin.js';
import type {ModelResolver} from './model-resolver.js';

/** What recording a new default model did: the `model` setting written, and what still overrides it at the next start. */
export type RecordedDefault = {
	/** The value written to the config file's `model` setting (a folder or a hub id). */
	readonly setting: string;
	readonly file: string;
	/** The daemon's environment variable that chooses another model at its next start, if one does. */
	readonly overriddenBy?: 'MD_VECTOR_MODEL_DIR' | 'MD_VECTOR_MODEL';
};

/**
 * The daemon's model settings at run time: how references resolve (model-resolver.ts), which setting chose the
 * default model (/health's origin, for the owner), and `model use` without a collection recording a new default
 * in the config file's `model` setting, as `md-vector config set model` would, so that it lasts.
 */
export class ModelSettings {
	constructor(readonly resolver: ModelResolver, private current: ModelOrigin, private readonly configDir: string, private readonly env: NodeJS.ProcessEnv) {
		// `env` is the daemon's own environment, without the file's settings: what decides at its next start.
	}

	get origin(): ModelOrigin {
		return this.current;
	}

	/** Writes the reference's source as the `model` setting (the rest of the file kept; whole or not at all). */
	record(reference: string): RecordedDefault {
		const setting = this.resolver.settingOf(reference);
		const file = settingsFile(this.configDir);
		let settings: Record<string, unknown> = {};
		try {
			const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
			settings = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
				throw new Error(`the config file ${file} could not be read (${(error as Error).message}): fix it, then md-vector config set model ${setting}`, {cause: error});
			}
		}

		settings.model = setting;
		mkdirSync(this.configDir, {recursive: true});
		const temporary = `${file}.${process.pid}.tmp`;
		writeFileSync(temporary, `${JSON.stringify(settings, undefined, '\t')}\n`);
		renameSync(temporary, file);
		this.current = {setting: 'config', value: setting};
		const overriddenBy = (['MD_VECTOR_MODEL_DIR', 'MD_VECTOR_MODEL'] as const).find(name => this.env[name]);
		return {setting, file, ...(overriddenBy ? {overriddenBy} : {})};
	}
}
