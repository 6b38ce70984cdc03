import {readlinkSync} from 'node:fs';
import {setPriority} from 'node:os';
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
const {config, cacheDir, role} = workerData as EmbedderThreadData;
let embedder: Embedder | undefined;
/** The document calls that may be cancelled, by the key their caller gave. */
const cancellable = new Map<number, AbortController>();

/**
 * The documents' thread yields the CPU to searches: on Linux a thread's nice value is its own, and the threads
 * ONNX Runtime starts from this one (its compute pools) inherit it. Elsewhere nothing changes.
 */
function yieldToSearches(): void {
	try {
		const thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
		if (Number.isInteger(thread) && thread > 0) {
			setPriority(thread, documentsNice);
		}
	} catch {
		// Not Linux (no /proc/thread-self), or not allowed: the thread keeps its priority.
	}
}

/** Nice value of the documents' thread: searches get about ten times its CPU share when both want the cores. */
const documentsNice = 10;

/** A query is one short text: one compute thread runs it about as fast, and leaves the other core to BM25 and the index. */
const queryThreads = 1;

async function handle(request: EmbedderRequest): Promise<EmbedderReply> {
	switch (request.op) {
		case 'load': {
			if (role === 'documents') {
				yieldToSearches();
			}

			embedder = await loadTransformersEmbedder(config, cacheDir, ({file, progress}) => {
				parentPort!.postMessage({notice: {file, progress}});
			}, role === 'queries' ? {computeThreads: queryThreads} : {});
			return {modelId: embedder.modelId, dims: embedder.dims};
		}

		case 'documents': {
			const model = loaded();
			// Plain: the texts as given (POST /v1/embeddings), without the document prefix.
			const embed = async (signal?: AbortSignal) => (request.plain && model.embedPlain ? model.embedPlain(request.texts, signal) : model.embedDocuments(request.texts, signal));
			if (request.key === undefined) {
				return {vectors: await embed()};
			}

			const controller = new AbortController();
			cancellable.set(request.key, controller);
			try {
				return {vectors: await embed(controller.signal)};
			} finally {
				cancellable.delete(request.key);
			}
		}

		case 'cancel': {
			// Handled while the call runs: the model yields to this thread's events between texts (query-first.ts).
			cancellable.get(request.key)?.abort();
			return {};
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
