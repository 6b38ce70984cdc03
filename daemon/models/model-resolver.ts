import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fingerprintId, modelConfigFromEnv, type ModelConfig} from '../engine/embedder/model-config.js';

/** Where a model is loaded from: a local model folder, or a hub id (the cache, or the hub when allowed). */
export type ModelSource = {readonly directory: string} | {readonly hub: string};

/** Hub ids of models known by name (the `models` catalogue joins here). */
const hubNames: Readonly<Record<string, string>> = {
	'bge-small-en-v1.5': 'Xenova/bge-small-en-v1.5',
	'all-MiniLM-L6-v2': 'Xenova/all-MiniLM-L6-v2',
	'e5-small-v2': 'Xenova/e5-small-v2',
};

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
 * a restart); other names are hub ids (Xenova/<name>). `model use` may name a folder or a hub id: resolve() tells
 * the reference, and the source is remembered once it loaded.
 */
export class ModelResolver {
	private readonly pending = new Map<string, ModelSource>();

	constructor(private readonly configured: ModelConfig, private readonly env: NodeJS.ProcessEnv, private readonly file: string) {
		// The file is read at each resolution: small, and another start may have written it.
	}

	/** The reference `input` names (a folder's or hub id's model name, or a name), and where it loads from. */
	resolve(input: string): {reference: string; source: ModelSource} {
		const given = input.trim();
		if (path.isAbsolute(given)) {
			return this.named({directory: path.resolve(given)});
		}

		if (given.includes(':')) {
			throw new UnknownModel(`'${given}' names no model md-vector can load here: give a model folder (an absolute path), a hub id (Xenova/bge-small-en-v1.5) or a model's name`);
		}

		if (given.includes('/')) {
			if (given.startsWith('.')) {
				throw new UnknownModel(`'${given}' is a relative path: give the model folder as an absolute path`);
			}

			return this.named({hub: given});
		}

		return {reference: given, source: this.sourceOf(given)};
	}

	/** The model to load for a reference (the daemon's own with its settings; others with their family's). */
	configOf(reference: string): ModelConfig {
		if (reference === fingerprintId(this.configured)) {
			return this.configured;
		}

		const source = this.sourceOf(reference);
		// Pooling and the query prefix set for the daemon's own model are not another model's.
		const env = {...this.env, MD_VECTOR_MODEL_DIR: undefined, MD_VECTOR_MODEL: undefined, MD_VECTOR_POOLING: undefined, MD_VECTOR_QUERY_PREFIX: undefined};
		return modelConfigFromEnv('directory' in source ? {...env, MD_VECTOR_MODEL_DIR: source.directory} : {...env, MD_VECTOR_MODEL: source.hub});
	}

	/** What the `model` setting says for a reference: its folder or hub id. */
	settingOf(reference: string): string {
		const source = this.sourceOf(reference);
		return 'directory' in source ? source.directory : source.hub;
	}

	/** Remembers where a model that loaded came from, so that its reference finds it again (after a restart too). */
	remember(reference: string): void {
		const source = this.pending.get(reference) ?? (reference === fingerprintId(this.configured) ? sourceOfConfig(this.configured) : undefined);
		const known = this.remembered();
		if (!source || sameSource(known[reference], source)) {
			return;
		}

		known[reference] = source;
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
		const reference = path.basename('directory' in source ? source.directory : source.hub);
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

		return this.pending.get(reference) ?? this.remembered()[reference] ?? {hub: hubNames[reference] ?? `Xenova/${reference}`};
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

function sourceOfConfig(config: ModelConfig): ModelSource {
	return config.directory ? {directory: config.directory} : {hub: config.id};
}

function sameSource(a: ModelSource | undefined, b: ModelSource): boolean {
	return a !== undefined && ('directory' in a ? 'directory' in b && a.directory === b.directory : 'hub' in b && a.hub === b.hub);
}
