import {availableParallelism} from 'node:os';
import {z} from 'zod';
import {dtypeFromEnv} from '../../../common/models/folder-check.js';
import {chooseDaemonModel} from '../../../common/models/model-choice.js';
import type {ModelOrigin} from '../../../common/settings/model-origin.js';
import {headingContextFromEnv} from '../chunker/heading-context.js';
import {familyDefaults} from './model-family.js';
import {envSetting as setting} from './env-setting.js';

export type ModelConfig = {
	/** Hub id (Xenova/bge-small-en-v1.5) or, with `directory`, the folder's name. */
	readonly id: string;
	/** A local model folder (config.json, tokenizer.json, onnx/): used instead of the hub. */
	readonly directory?: string;
	/** The catalogue's name when md-vector knows the model (common/models/catalogue.ts): a failure says how to install it. */
	readonly known?: string;
	/** The setting that chose the model, as messages name it (MD_VECTOR_MODEL_DIR, the model setting, the default). */
	readonly setting?: string;
	/** Weights file variant: q8 = onnx/model_quantized.onnx, fp32 = onnx/model.onnx. */
	readonly dtype: 'q8' | 'fp32';
	readonly pooling: 'cls' | 'mean';
	/** Prepended to queries, as the model's authors recommend for retrieval (model-family.ts). */
	readonly queryPrefix: string;
	/** Prepended to every document text embedded (e5's `passage: `). */
	readonly documentPrefix: string;
	/**
	 * Model sessions, each on its own thread, each running one text at a time (thread-embedder.ts): a text's
	 * vector is then the same whatever is embedded beside it, and the sessions together keep the cores busy.
	 */
	readonly sessions: number;
	/** Try the hub for a missing model. */
	readonly allowDownload: boolean;
	/** Idle seconds after an ingestion before the documents' model threads end to give back their grown memory (0: never). */
	readonly releaseAfterSeconds: number;
	/**
	 * ONNX Runtime's threads spin while they wait for work (its default). On cores shared with other busy
	 * processes, spinning burns the time slices the model needs: measured 1.9 -> 5.3 texts/s with it off.
	 */
	readonly spinWait: boolean;
};

/**
 * The model to load, from the environment: MD_VECTOR_MODEL_DIR (a local folder, for machines without hub
 * access), MD_VECTOR_MODEL (a name md-vector knows, installed or from the hub, or a hub id; model-choice.ts), MD_VECTOR_MODEL_DTYPE, MD_VECTOR_POOLING, MD_VECTOR_QUERY_PREFIX,
 * MD_VECTOR_DOCUMENT_PREFIX, MD_VECTOR_EMBED_SESSIONS, MD_VECTOR_OFFLINE=1, MD_VECTOR_MODEL_RELEASE_S, MD_VECTOR_ONNX_SPIN. Throws on a value it cannot use, so the
 * daemon refuses to start with the reason instead of running with a setting the user did not ask for.
 */
export function modelConfigFromEnv(env: NodeJS.ProcessEnv = process.env, origin?: ModelOrigin): ModelConfig {
	headingContextFromEnv(env); // what is embedded: read per document at ingest, checked here so a bad value stops the start
	const dtype = dtypeFromEnv(env);
	const {id, directory, known, setting: chosenBy} = chooseDaemonModel(env, dtype, origin);
	const family = familyDefaults(id);
	const count = z.coerce.number().int();
	return {
		id,
		directory,
		known,
		setting: chosenBy,
		dtype,
		pooling: setting(env, 'MD_VECTOR_POOLING', z.enum(['cls', 'mean']), 'cls or mean', family.pooling),
		queryPrefix: env.MD_VECTOR_QUERY_PREFIX ?? family.queryPrefix,
		documentPrefix: env.MD_VECTOR_DOCUMENT_PREFIX ?? family.documentPrefix,
		sessions: setting(env, 'MD_VECTOR_EMBED_SESSIONS', count.min(1).max(16), 'a whole number of model sessions, 1 to 16', defaultSessions()),
		allowDownload: !directory && env.MD_VECTOR_OFFLINE !== '1',
		releaseAfterSeconds: setting(env, 'MD_VECTOR_MODEL_RELEASE_S', z.coerce.number().min(0), 'a number of seconds, 0 or more (0: never reload)', 60),
		spinWait: setting(env, 'MD_VECTOR_ONNX_SPIN', z.enum(['0', '1']), '0 or 1', '1') === '1',
	};
}

/** Two sessions where there are two cores or more (each then gets half of them): see thread-embedder.ts. */
function defaultSessions(): number {
	return Math.min(2, availableParallelism());
}

/** The fingerprint id: the model's own name, so a hub id and a local copy of the same model agree. */
export function fingerprintId(config: ModelConfig): string {
	return config.id.split('/').at(-1)!;
}
