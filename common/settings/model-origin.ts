// Which model a daemon started with this environment loads, and which setting chose it, without zod or conf: the
// daemon reports its own in /health, and a command compares it with what its own environment would choose.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {defaultModelName} from '../models/catalogue.js';
import {parseReference} from './model-reference.js';

/** The model setting's default: a name md-vector knows, loaded from its installed folder, else from the hub. */
export const defaultModelId = defaultModelName;

export type ModelOrigin = {
	/**
	 * What chose it: MD_VECTOR_MODEL_DIR or MD_VECTOR_MODEL (the environment), `config` (md-vector config set model),
	 * `default`; for a model server MD_VECTOR_EMBED_PROVIDER or `config` (embed-provider).
	 */
	readonly setting: 'MD_VECTOR_MODEL_DIR' | 'MD_VECTOR_MODEL' | 'MD_VECTOR_EMBED_PROVIDER' | 'config' | 'default';
	/** A model folder (absolute), a name md-vector knows (bge-small-en-v1.5), a hub id, or a server model's reference (openai:NAME, ollama:NAME). */
	readonly value: string;
};

type Configured = {model?: unknown; 'embed-provider'?: unknown; 'embed-model'?: unknown};

/** The config file's settings, unchecked (the daemon checks the file when it starts); none when it is unreadable. */
function configured(configDir: string): Configured {
	try {
		const parsed = JSON.parse(readFileSync(path.join(configDir, 'config.json'), 'utf8')) as Configured | undefined;
		return parsed && typeof parsed === 'object' ? parsed : {};
	} catch {
		return {};
	}
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A model server chosen by embed-provider (the environment over the file), as its reference; undefined for local. */
function serverOrigin(env: NodeJS.ProcessEnv, file: Configured): ModelOrigin | undefined {
	const provider = text(env.MD_VECTOR_EMBED_PROVIDER) ?? text(file['embed-provider']);
	if (provider === undefined || provider === 'local') {
		return undefined;
	}

	const model = text(env.MD_VECTOR_EMBED_MODEL) ?? text(file['embed-model']) ?? '?';
	return {setting: text(env.MD_VECTOR_EMBED_PROVIDER) ? 'MD_VECTOR_EMBED_PROVIDER' : 'config', value: `${provider}:${model}`};
}

/** The model this environment chooses, as the daemon reads it (model-config.ts): a folder wins over a hub id, the environment over the file. */
export function modelOrigin(env: NodeJS.ProcessEnv, configDir: string): ModelOrigin {
	const file = configured(configDir);
	const server = serverOrigin(env, file);
	if (server) {
		return server;
	}

	if (env.MD_VECTOR_MODEL_DIR) {
		return {setting: 'MD_VECTOR_MODEL_DIR', value: path.resolve(env.MD_VECTOR_MODEL_DIR)};
	}

	if (env.MD_VECTOR_MODEL) {
		return {setting: 'MD_VECTOR_MODEL', value: env.MD_VECTOR_MODEL};
	}

	const model = text(file.model);
	return model === undefined ? {setting: 'default', value: defaultModelId} : {setting: 'config', value: model};
}

/** "/models/minilm (MD_VECTOR_MODEL_DIR)", "bge-small-en-v1.5 (the default)": a model and where it came from, for a person. */
export function describeOrigin(origin: ModelOrigin): string {
	const from = {
		MD_VECTOR_MODEL_DIR: 'MD_VECTOR_MODEL_DIR', MD_VECTOR_MODEL: 'MD_VECTOR_MODEL', MD_VECTOR_EMBED_PROVIDER: 'MD_VECTOR_EMBED_PROVIDER',
		config: parseReference(origin.value).provider === 'local' ? 'the model setting' : 'the embed-provider setting', default: 'the default',
	}[origin.setting];
	return `${origin.value} (${from})`;
}
