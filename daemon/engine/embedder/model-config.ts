import path from 'node:path';

export const defaultModel = 'Xenova/bge-small-en-v1.5';

export type ModelConfig = {
	/** Hub id (Xenova/bge-small-en-v1.5) or, with `directory`, the folder's name. */
	readonly id: string;
	/** A local model folder (config.json, tokenizer.json, onnx/): used instead of the hub. */
	readonly directory?: string;
	/** Weights file variant: q8 = onnx/model_quantized.onnx, fp32 = onnx/model.onnx. */
	readonly dtype: 'q8' | 'fp32' | 'fp16' | 'int8' | 'uint8' | 'q4';
	readonly pooling: 'cls' | 'mean';
	/** Prepended to queries (not documents), as the model's authors recommend for retrieval. */
	readonly queryPrefix: string;
	readonly batchSize: number;
	/** Try the hub for a missing model. */
	readonly allowDownload: boolean;
	/** Idle seconds after an ingestion before the model is reloaded to give back its grown memory (0: never). */
	readonly releaseAfterSeconds: number;
};

/** Pooling and query prefix of known model families; others default to mean pooling and no prefix. */
function familyOf(id: string): Pick<ModelConfig, 'pooling' | 'queryPrefix'> {
	const name = id.toLowerCase();
	if (name.includes('bge') && name.includes('-en')) {
		return {pooling: 'cls', queryPrefix: 'Represent this sentence for searching relevant passages: '};
	}

	if (name.includes('bge')) {
		return {pooling: 'cls', queryPrefix: ''};
	}

	if (name.includes('e5')) {
		return {pooling: 'mean', queryPrefix: 'query: '};
	}

	return {pooling: 'mean', queryPrefix: ''};
}

/**
 * The model to load, from the environment: MD_VECTOR_MODEL_DIR (a local folder, for machines without hub
 * access), MD_VECTOR_MODEL (a hub id), MD_VECTOR_MODEL_DTYPE, MD_VECTOR_POOLING, MD_VECTOR_OFFLINE=1,
 * MD_VECTOR_MODEL_RELEASE_S.
 */
export function modelConfigFromEnv(env: NodeJS.ProcessEnv = process.env, configured?: string): ModelConfig {
	const directory = env.MD_VECTOR_MODEL_DIR ? path.resolve(env.MD_VECTOR_MODEL_DIR) : undefined;
	const id = directory ? path.basename(directory) : (env.MD_VECTOR_MODEL ?? configured ?? defaultModel);
	const family = familyOf(id);
	const pooling = env.MD_VECTOR_POOLING === 'cls' || env.MD_VECTOR_POOLING === 'mean' ? env.MD_VECTOR_POOLING : family.pooling;
	return {
		id,
		directory,
		dtype: (env.MD_VECTOR_MODEL_DTYPE as ModelConfig['dtype'] | undefined) ?? 'q8',
		pooling,
		queryPrefix: env.MD_VECTOR_QUERY_PREFIX ?? family.queryPrefix,
		batchSize: Number(env.MD_VECTOR_BATCH_SIZE) || 32,
		allowDownload: !directory && env.MD_VECTOR_OFFLINE !== '1',
		releaseAfterSeconds: nonNegative(env.MD_VECTOR_MODEL_RELEASE_S) ?? 60,
	};
}

function nonNegative(value: string | undefined): number | undefined {
	const number = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
	return number >= 0 ? number : undefined;
}

/** The fingerprint id: the model's own name, so a hub id and a local copy of the same model agree. */
export function fingerprintId(config: ModelConfig): string {
	return config.id.split('/').at(-1)!;
}
