// Which model a daemon started with this environment loads, and which setting chose it, without zod or conf: the
// daemon reports its own in /health, and a command compares it with what its own environment would choose.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {defaultModelName} from '../models/catalogue.js';

/** The model setting's default: a name md-vector knows, loaded from its installed folder, else from the hub. */
export const defaultModelId = defaultModelName;

export type ModelOrigin = {
	/** What chose it: MD_VECTOR_MODEL_DIR or MD_VECTOR_MODEL (the environment), `config` (md-vector config set model), `default`. */
	readonly setting: 'MD_VECTOR_MODEL_DIR' | 'MD_VECTOR_MODEL' | 'config' | 'default';
	/** A model folder (absolute), a name md-vector knows (bge-small-en-v1.5) or a hub id. */
	readonly value: string;
};

/** The config file's `model`, unchecked (the daemon checks the file when it starts); undefined when unset or unreadable. */
function configuredModel(configDir: string): string | undefined {
	try {
		const parsed = JSON.parse(readFileSync(path.join(configDir, 'config.json'), 'utf8')) as {model?: unknown};
		return typeof parsed.model === 'string' ? parsed.model : undefined;
	} catch {
		return undefined;
	}
}

/** The model this environment chooses, as the daemon reads it (model-config.ts): a folder wins over a hub id, the environment over the file. */
export function modelOrigin(env: NodeJS.ProcessEnv, configDir: string): ModelOrigin {
	if (env.MD_VECTOR_MODEL_DIR) {
		return {setting: 'MD_VECTOR_MODEL_DIR', value: path.resolve(env.MD_VECTOR_MODEL_DIR)};
	}

	if (env.MD_VECTOR_MODEL) {
		return {setting: 'MD_VECTOR_MODEL', value: env.MD_VECTOR_MODEL};
	}

	const configured = configuredModel(configDir);
	return configured === undefined ? {setting: 'default', value: defaultModelId} : {setting: 'config', value: configured};
}

/** "/models/minilm (MD_VECTOR_MODEL_DIR)", "bge-small-en-v1.5 (the default)": a model and where it came from, for a person. */
export function describeOrigin(origin: ModelOrigin): string {
	const from = {MD_VECTOR_MODEL_DIR: 'MD_VECTOR_MODEL_DIR', MD_VECTOR_MODEL: 'MD_VECTOR_MODEL', config: 'the model setting', default: 'the default'}[origin.setting];
	return `${origin.value} (${from})`;
}
