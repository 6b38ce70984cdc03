// An installed model checked again: every file re-hashed against the pins of the source it came from, then its
// embeddings checked as at install. What is wrong is said file by file.
import type {CatalogueModel, PinnedFile, ReferenceCheck} from '../../common/models/catalogue-types.js';
import {installedFolder, readInstalled} from '../../common/models/installed.js';
import type {ModelVerdict} from '../../common/wire/models.js';
import {fileProblems} from './file-hashes.js';
import {sourceLabel} from './from-source.js';
import {checkEmbeddings} from './reference-check.js';

/** The pins and check of the source an installed folder came from (a converted wheel has its own). */
function expectations(model: CatalogueModel, source: string): {pins: readonly PinnedFile[]; check: ReferenceCheck} {
	const from = model.sources.find(candidate => sourceLabel(candidate) === source);
	return from?.kind === 'pypi' ? {pins: from.files, check: from.check} : {pins: model.files, check: model.check};
}

export async function verifyModel(model: CatalogueModel, cacheDir: string, signal: AbortSignal): Promise<ModelVerdict> {
	const folder = installedFolder(cacheDir, model.name);
	const record = readInstalled(cacheDir, model.name);
	if (!record) {
		return {name: model.name, status: 'not-installed', folder, problems: [`not installed: md-vector model install ${model.name}`]};
	}

	const {pins, check} = expectations(model, record.source);
	const problems = await fileProblems(folder, pins, signal);
	if (problems.length === 0) {
		try {
			await checkEmbeddings(folder, check, model.dims);
		} catch (error) {
			problems.push(error instanceof Error ? error.message : String(error));
		}
	}

	return {name: model.name, status: problems.length === 0 ? 'ok' : 'failed', folder, problems};
}
