// The settings in force, for the daemon at start and for `md-vector config`: an environment variable wins,
// then the config file (written by `md-vector config set`), then the default.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {didYouMean} from '../did-you-mean.js';
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

/** A setting of the file that md-vector cannot use: its key, and what is wrong and how to fix it, naming the file. */
export type SettingsProblem = {readonly key: string; readonly message: string};

/**
 * The file's settings, each checked, and the keys it cannot use (a value breaking its rule, a key that is no
 * setting), each with the fix: `config set` and `config unset` work on a file that has them. A missing file is
 * no settings; a file that is not a JSON object throws SettingsError (fixed by editing or removing it).
 */
export function inspectSettingsFile(configDir: string): {values: SettingValues; problems: SettingsProblem[]} {
	const file = settingsFile(configDir);
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return {values: {}, problems: []};
		}

		throw error;
	}

	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw new SettingsError(`${file} is not valid JSON (${(error as Error).message}): fix it or remove it (md-vector config set writes it again)`);
	}

	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new SettingsError(`${file} must hold a JSON object of settings: fix it or remove it (md-vector config set writes it again)`);
	}

	const values: Record<string, unknown> = {};
	const problems: SettingsProblem[] = [];
	for (const [key, value] of Object.entries(parsed)) {
		if (key === '__internal__') {
			continue; // conf's own bookkeeping
		}

		if (!settingNames.includes(key as SettingKey)) {
			problems.push({key, message: `${file}: '${key}' is not a setting${didYouMean(key, settingNames)} (settings: ${oneOf(settingNames)}): remove it with md-vector config unset ${key}`});
			continue;
		}

		const checked = check(key as SettingKey, value);
		if (checked.ok) {
			values[key] = checked.value;
		} else {
			problems.push({key, message: `${file}: ${key} ${checked.rule}, got ${JSON.stringify(value)}: fix it with md-vector config set ${key} VALUE, or md-vector config unset ${key} for the default`});
		}
	}

	return {values, problems};
}

/** The file's settings, each checked; a missing file is no settings. Throws SettingsError naming the file, key, rule and fix. */
export function readSettingsFile(configDir: string): SettingValues {
	const {values, problems} = inspectSettingsFile(configDir);
	if (problems.length > 0) {
		throw new SettingsError(problems.map(problem => problem.message).join('; '));
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

