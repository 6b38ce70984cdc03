// The settings in force, for the daemon at start and for `md-vector config`: an environment variable wins,
// then the config file (written by `md-vector config set`), then the default.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {oneOf} from '../one-of.js';
import {settingKeys, settingNames, type SettingKey} from './setting-keys.js';
import {check, fromText, toText, type SettingValues} from './settings-schema.js';

export const settingsFile = (configDir: string) => path.join(configDir, 'config.json');

/** A config file md-vector cannot use: which file, which key, which rule. */
export class SettingsError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'SettingsError';
	}
}

/** The file's settings, each checked; a missing file is no settings. Throws SettingsError naming the key and rule. */
export function readSettingsFile(configDir: string): SettingValues {
	const file = settingsFile(configDir);
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return {};
		}

		throw error;
	}

	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw new SettingsError(`${file} is not valid JSON (${(error as Error).message}): fix it or remove it`);
	}

	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new SettingsError(`${file} must hold a JSON object of settings`);
	}

	const values: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(parsed)) {
		if (key === '__internal__') {
			continue; // conf's own bookkeeping
		}

		if (!settingNames.includes(key as SettingKey)) {
			throw new SettingsError(`${file}: '${key}' is not a setting (settings: ${oneOf(settingNames)})`);
		}

		const checked = check(key as SettingKey, value);
		if (!checked.ok) {
			throw new SettingsError(`${file}: ${key} ${checked.rule}, got ${JSON.stringify(value)}`);
		}

		values[key] = checked.value;
	}

	return values;
}

export type Source = {readonly kind: 'env'; readonly variable: string} | {readonly kind: 'file'} | {readonly kind: 'default'};

/** Where the value in force of a setting comes from, and the value as text. */
export function settingInForce(key: SettingKey, env: NodeJS.ProcessEnv, file: SettingValues): {text: string; source: Source} {
	const variable = settingKeys[key].env.find(name => env[name] !== undefined && env[name] !== '');
	if (variable) {
		return {text: env[variable]!, source: {kind: 'env', variable}};
	}

	const stored = file[key];
	return stored === undefined ? {text: settingKeys[key].defaultText, source: {kind: 'default'}} : {text: toText(key, stored), source: {kind: 'file'}};
}

/**
 * The environment with the file's settings filled in as their variables where the environment sets none: the
 * daemon's readers (port, rate limit, roots, model) then see one source, with the environment first.
 */
export function withFileSettings(env: NodeJS.ProcessEnv, configDir: string): NodeJS.ProcessEnv {
	const file = readSettingsFile(configDir);
	const filled: NodeJS.ProcessEnv = {...env};
	for (const key of settingNames) {
		const value = file[key];
		const {env: variables} = settingKeys[key];
		if (value === undefined || variables.some(name => env[name] !== undefined && env[name] !== '')) {
			continue;
		}

		// The model setting is a folder (MD_VECTOR_MODEL_DIR) or a hub id (MD_VECTOR_MODEL).
		const variable = key === 'model' ? (path.isAbsolute(value as string) ? 'MD_VECTOR_MODEL_DIR' : 'MD_VECTOR_MODEL') : variables[0]!;
		filled[variable] = toText(key, value);
	}

	return filled;
}

