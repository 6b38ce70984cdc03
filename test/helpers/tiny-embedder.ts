import path from 'node:path';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';
import {loadTransformersEmbedder} from '../../daemon/engine/embedder/transformers-embedder.js';
import {temporaryDirectory, tinyModelDir} from './paths.js';

/** The generated random-weight BERT (real tokenizer), loaded through the real loading code (another folder: tiny48ModelDir). */
export async function loadTinyEmbedder(directory = tinyModelDir): Promise<Embedder> {
	const config = modelConfigFromEnv({MD_VECTOR_MODEL_DIR: directory});
	return loadTransformersEmbedder(config, path.join(temporaryDirectory(), 'cache'));
}

/** Wraps an embedder and counts the texts it embeds (to prove unchanged chunks are not embedded again). */
export function countingEmbedder(inner: Embedder): Embedder & {embedded: number} {
	const counting = {
		modelId: inner.modelId,
		dims: inner.dims,
		embedded: 0,
		async embedDocuments(texts: readonly string[]) {
			counting.embedded += texts.length;
			return inner.embedDocuments(texts);
		},
		embedQuery: async (text: string) => inner.embedQuery(text),
		dispose: async () => inner.dispose(),
	};
	return counting;
}
