import {parentPort, workerData} from 'node:worker_threads';
import {serveCalls} from '../threads/serve-calls.js';
import type {Embedder} from './embedder.js';
import {loadTransformersEmbedder} from './transformers-embedder.js';
import type {EmbedderReply, EmbedderRequest, EmbedderThreadData} from './thread-embedder.js';

/**
 * The embedding thread: ONNX Runtime runs a model synchronously on the thread that calls it, so here it
 * blocks this thread instead of the daemon's HTTP thread (searches answer during ingestion, and BM25 runs
 * while a query is embedded).
 */
const {config, cacheDir} = workerData as EmbedderThreadData;
let embedder: Embedder | undefined;

async function handle(request: EmbedderRequest): Promise<EmbedderReply> {
	switch (request.op) {
		case 'load': {
			embedder = await loadTransformersEmbedder(config, cacheDir, ({file, progress}) => {
				parentPort!.postMessage({notice: {file, progress}});
			});
			return {modelId: embedder.modelId, dims: embedder.dims};
		}

		case 'documents': {
			return {vectors: await loaded().embedDocuments(request.texts)};
		}

		case 'query': {
			return {vectors: [await loaded().embedQuery(request.text)]};
		}

		case 'dispose': {
			await embedder?.dispose();
			embedder = undefined;
			return {};
		}
	}
}

function loaded(): Embedder {
	if (!embedder) {
		throw new Error('the embedding model is not loaded');
	}

	return embedder;
}

serveCalls(handle, reply => (reply.vectors ?? []).map(vector => vector.buffer as ArrayBuffer));
