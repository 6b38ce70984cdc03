// Where installed models live (the cache folder's models/, beside the hub's downloads in models/OWNER/), and
// what an installed folder records: read by the daemon to find a model by name and by `md-vector model list`
// without the daemon.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {PinnedFile} from './catalogue-types.js';

/** The folder of installed models, under the cache folder (resolvePaths().cache). */
export const modelsFolder = (cacheDir: string): string => path.join(cacheDir, 'models');

/** An installed model's folder: models/NAME. */
export const installedFolder = (cacheDir: string, name: string): string => path.join(modelsFolder(cacheDir), name);

/** Written last into a folder being installed: a folder without it is not an installed model. */
export const recordName = 'md-vector-install.json';

export type InstallRecord = {
	readonly name: string;
	/** Where it came from, for a person: "Maven Central dev.langchain4j:…:0.36.2". */
	readonly source: string;
	readonly installed_at: string;
	readonly files: readonly PinnedFile[];
	/** The reference check it passed: the largest distance from a recorded cosine. */
	readonly check: {readonly worst: number; readonly tolerance: number};
};

/** The record of an installed model, or undefined when it is not installed (no folder, or no readable record of that name). */
export function readInstalled(cacheDir: string, name: string): InstallRecord | undefined {
	try {
		const record = JSON.parse(readFileSync(path.join(installedFolder(cacheDir, name), recordName), 'utf8')) as InstallRecord;
		return record?.name === name && Array.isArray(record.files) ? record : undefined;
	} catch {
		return undefined;
	}
}
