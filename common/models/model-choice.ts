// Which model the daemon loads, from its settings (the environment with the config file's filled in), checked
// before anything loads, by the daemon at its start and by `md-vector restart` before it stops the running one: a
// folder (MD_VECTOR_MODEL_DIR, or the model setting as an absolute path) must be a model folder; a name md-vector
// knows loads from its installed folder when there is one (md-vector model install), else from the hub; any other
// name is a hub id.
import path from 'node:path';
import {resolvePaths} from '../paths.js';
import type {ModelOrigin} from '../settings/model-origin.js';
import {chooseModel, unknownModel} from './find-model.js';
import {folderProblem, type Dtype} from './folder-check.js';
import {installedFolder, readInstalled} from './installed.js';
import {defaultModelName} from './catalogue.js';

export type ChosenModel = {
	/** Hub id, or the folder's name. */
	readonly id: string;
	readonly directory?: string;
	/** The catalogue's name of the model, when it is one md-vector knows (so installs it: the advice says how). */
	readonly known?: string;
	/** The setting that chose it, as a message names it. */
	readonly setting: string;
};

/** The setting a message names: the variable, or the config file's model setting. */
function settingWord(variable: 'MD_VECTOR_MODEL_DIR' | 'MD_VECTOR_MODEL', origin?: ModelOrigin): string {
	return origin?.setting === 'config' ? 'the model setting (md-vector config set model)' : variable;
}

function fixOf(setting: string): string {
	return setting.startsWith('the model setting')
		? 'md-vector config set model NAME (md-vector model list) or /absolute/model/folder, or md-vector config unset model; then md-vector restart'
		: `set ${setting} to a model folder (config.json, tokenizer.json, onnx/model_quantized.onnx), or unset it to use the installed models by name (md-vector model list); then md-vector restart`;
}

function folder(directory: string, dtype: Dtype, setting: string): ChosenModel {
	const problem = folderProblem(directory, dtype);
	if (problem) {
		throw new Error(`${setting} is ${directory}, which ${problem}: ${fixOf(setting)}`);
	}

	return {id: path.basename(directory), directory, setting};
}

/** Throws, naming the setting, the rule and the fix, on a model setting the daemon cannot use. */
export function chooseDaemonModel(env: NodeJS.ProcessEnv, dtype: Dtype, origin?: ModelOrigin): ChosenModel {
	if (env.MD_VECTOR_MODEL_DIR) {
		return folder(path.resolve(env.MD_VECTOR_MODEL_DIR), dtype, settingWord('MD_VECTOR_MODEL_DIR', origin));
	}

	const given = env.MD_VECTOR_MODEL?.trim() ?? ''; // set but empty: the default
	const setting = given === '' ? 'the default' : settingWord('MD_VECTOR_MODEL', origin);
	const value = given === '' ? defaultModelName : given;
	const choice = chooseModel(value);
	switch (choice.kind) {
		case 'folder': {
			return folder(choice.folder, dtype, setting);
		}

		case 'unknown': {
			throw new Error(`${setting} ${unknownModel(value)}`);
		}

		case 'hub': {
			return {id: choice.id, setting};
		}

		case 'catalogue': {
			const {name, hubId} = choice.model;
			const {cache} = resolvePaths(env);
			const directory = installedFolder(cache, name);
			// Installed, with the weights of this precision: loaded from its folder; else the hub.
			return readInstalled(cache, name) && folderProblem(directory, dtype) === undefined
				? {id: name, directory, known: name, setting}
				: {id: hubId, known: name, setting};
		}
	}
}
