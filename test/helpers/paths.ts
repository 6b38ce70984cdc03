import {mkdtempSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root (tests run from it) and the shared real data beside it. */
export const repoRoot = process.cwd();
export const sharedData = path.resolve(repoRoot, '..', 'shared', 'data');
export const tinyModelDir = path.join(repoRoot, 'test', 'fixtures', 'models', 'tiny');
/** A second generated model, 48 dimensions wide (the tiny one has 32): for switching models. */
export const tiny48ModelDir = path.join(repoRoot, 'test', 'fixtures', 'models', 'tiny-48');

export function temporaryDirectory(prefix = 'md-vector-test-'): string {
	return mkdtempSync(path.join(os.tmpdir(), prefix));
}
