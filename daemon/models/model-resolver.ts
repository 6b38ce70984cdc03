import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {catalogueModel, chooseModel, unknownModel} from '../../common/models/find-model.js';
import {dtypeFromEnv, folderProblem} from '../../common/models/folder-check.js';
import {fingerprintId, modelConfigFromEnv, type ModelConfig} from '../engine/embedder/model-config.js';

/**
 * Where a model is loaded from: a local model folder, a hub id (the cache, or the hub when allowed), or a name
 * md-vector knows (common/models/catalogue.ts), found as the daemon finds its default: its installed folder, else the hub.
 */
export type ModelSource = {readonly directory: string} | {readonly hub: string} | {readonly name: string};

/** An input names no model this daemon can resolve (an unknown provider prefix, a relative path). */
export class UnknownModel extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UnknownModel';
	}
}

/**
 * Which model a reference names, for the daemon's loader (engine/embedder/embedders.ts): a model reference is a
 * local model's name (`bge-small-en-v1.5`, a folder's base name), as collections record it. The daemon's own
 * model (the `model` setting, MD_VECTOR_MODEL_DIR) is found by its name; so is every model folder or hub id
 * loaded before (remembered in the data folder's models.json, so that a collection switched to it finds it after
 * a restart); a name md-vector knows loads as the default model would (installed folder, else the hub); other
 * names are hub ids (Xenova/<name>). `model use` may name a folder, a hub id or a known name (any case), as the
 * model setting may: resolve() tells the reference, and the source is remembered once it loaded.
 */
export class ModelResolver {
	private readonly pending = new Map<string, ModelSource>();

	constructor(private readonly configured: ModelConfig, private readonly env: NodeJS.ProcessEnv, private readonly file: string) {
		// The file is read at each resolution: small, and another start may have written it.
	}

	/** The reference `input` names (a folder's or hub id's model name, or a name), and where it loads from. */
	resolve(input: string): {reference: string; source: ModelSource} {
		const given = input.trim();
		if (given.includes(':') && !path.isAbsolute(given)) {
			throw new UnknownModel(`'${given}' names no model md-vector can load here: ${unknownModel(given).replace(/, got .*$/, '')}`);
		}

		if (given.startsWith('.')) {
			throw new UnknownModel(`'${given}' is a relative path: give the model folder as an absolute path`);
		}

		const choice = chooseModel(given);
		switch (choice.kind) {
			case 'folder': {
				return this.named({directory: choice.folder});
			}

			case 'catalogue': {
				// By name, as the model setting: its installed folder, else the hub (the daemon's own keeps its source).
				return this.named({name: choice.model.name});
			}

			case 'hub': {
				return this.named({hub: given});
			}

			case 'unknown': {
				if (this.knows(given)) {
					return {reference: given, source: this.sourceOf(given)};
				}

				throw new UnknownModel(unknownModel(given));
			}
		}
	}

	/** The model to load for a reference (the daemon's own with its settings; others with their family's). */
	configOf(reference: string): ModelConfig {
		if (reference === fingerprintId(this.configured)) {
			return this.configured;
		}

		const source = this.sourceOf(reference);
		const problem = 'directory' in source ? folderProblem(source.directory, dtypeFromEnv(this.env)) : undefined;
		if (problem) {
			throw new Error(`${(source as {directory: string}).directory} ${problem}`);
		}

		// Pooling and the query prefix set for the daemon's own model are not another model's.
		const env = {...this.env, MD_VECTOR_MODEL_DIR: undefined, MD_VECTOR_MODEL: undefined, MD_VECTOR_POOLING: undefined, MD_VECTOR_QUERY_PREFIX: undefined};
		return modelConfigFromEnv('directory' in source ? {...env, MD_VECTOR_MODEL_DIR: source.directory} : {...env, MD_VECTOR_MODEL: settingValue(source)});
	}

	/** What the `model` setting says for a reference: its folder, hub id or name md-vector knows. */
	settingOf(reference: string): string {
		return settingValue(this.sourceOf(reference));
	}

	/** Remembers where a model that loaded came from, so that its reference finds it again (after a restart too). */
	remember(reference: string): void {
		const source = this.pending.get(reference) ?? (reference === fingerprintId(this.configured) ? sourceOfConfig(this.configured) : undefined);
		const remembered = this.remembered();
		if (!source || sameSource(remembered[reference], source)) {
			return;
		}

		// A name md-vector knows is found by its name again, as the default model would be: nothing to remember.
		const known = Object.fromEntries(Object.entries(remembered).filter(([name]) => name !== reference));
		if (!('name' in source)) {
			known[reference] = source;
		}

		try {
			mkdirSync(path.dirname(this.file), {recursive: true});
			const temporary = `${this.file}.${process.pid}.tmp`;
			writeFileSync(temporary, `${JSON.stringify(known, undefined, '\t')}\n`);
			renameSync(temporary, this.file); // whole or not at all
		} catch {
			return; // a full or read-only data folder: kept in memory, the file is written at the next load
		}

		this.pending.delete(reference);
	}

	/** Forgets a source given for a reference that then failed to load. */
	forget(reference: string): void {
		this.pending.delete(reference);
	}

	/**
	 * A folder or hub id given by `model use`: its reference. A model is recorded by its name, so the daemon's own
	 * model keeps its source; another given anew replaces the one remembered once it loaded (a folder moved).
	 */
	private named(source: ModelSource): {reference: string; source: ModelSource} {
		const reference = 'name' in source ? source.name : path.basename('directory' in source ? source.directory : source.hub);
		if (reference === fingerprintId(this.configured)) {
			return {reference, source: sourceOfConfig(this.configured)};
		}

		this.pending.set(reference, source);
		return {reference, source};
	}

	private sourceOf(reference: string): ModelSource {
		if (reference === fingerprintId(this.configured)) {
			return sourceOfConfig(this.configured);
		}

		const known = catalogueModel(reference);
		return this.pending.get(reference) ?? this.remembered()[reference] ?? (known ? {name: known.name} : {hub: `Xenova/${reference}`});
	}

	/** A name this daemon found a model by already: its own, one given to `model use` or remembered from before. */
	private knows(reference: string): boolean {
		return reference === fingerprintId(this.configured) || this.pending.has(reference) || reference in this.remembered();
	}

	private remembered(): Record<string, ModelSource> {
		try {
			const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
			return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, ModelSource> : {};
		} catch {
			return {}; // none yet, or unreadable: the names resolve as hub ids
		}
	}
}

/** The daemon's own model's source: a name md-vector knows stays a name (its installed folder may come or go). */
function sourceOfConfig(config: ModelConfig): ModelSource {
	if (config.known) {
		return {name: config.known};
	}

	return config.directory ? {directory: config.directory} : {hub: config.id};
}

function settingValue(source: ModelSource): string {
	return 'directory' in source ? source.directory : ('hub' in source ? source.hub : source.name);
}

function sameSource(a: ModelSource | undefined, b: ModelSource): boolean {
	return a === undefined ? 'name' in b : settingValue(a) === settingValue(b) && Object.keys(a)[0] === Object.keys(b)[0];
}
