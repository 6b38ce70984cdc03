import {ThreadCalls} from '../threads/thread-calls.js';
import type {Embedder} from './embedder.js';
import type {ModelConfig} from './model-config.js';
import type {LoadProgress} from './transformers-embedder.js';

export type EmbedderThreadData = {readonly config: ModelConfig; readonly cacheDir: string};

export type EmbedderRequest =
	| {readonly op: 'load'}
	| {readonly op: 'documents'; readonly texts: readonly string[]}
	| {readonly op: 'query'; readonly text: string}
	| {readonly op: 'dispose'};

export type EmbedderReply = {
	readonly modelId?: string;
	readonly dims?: number;
	readonly vectors?: Float32Array[];
};

/**
 * loadTransformersEmbedder on its own thread (embedder-thread-main.ts): the same model, loading errors and
 * progress, but the daemon's thread stays free while ONNX Runtime computes.
 */
export async function loadThreadEmbedder(config: ModelConfig, cacheDir: string, onProgress?: LoadProgress): Promise<Embedder> {
	const data: EmbedderThreadData = {config, cacheDir};
	const thread = new ThreadCalls<EmbedderRequest, EmbedderReply, Parameters<LoadProgress>[0]>(
		new URL('embedder-thread-main.js', import.meta.url), 'embedding', () => [], {workerData: data, onNotice: onProgress},
	);
	let loaded: EmbedderReply;
	try {
		loaded = await thread.call({op: 'load'});
	} catch (error) {
		await thread.close();
		throw error;
	}

	return {
		modelId: loaded.modelId!,
		dims: loaded.dims!,
		embedDocuments: async texts => (await thread.call({op: 'documents', texts})).vectors!,
		embedQuery: async text => (await thread.call({op: 'query', text})).vectors![0]!,
		async dispose() {
			await thread.call({op: 'dispose'}).catch(() => undefined);
			await thread.close();
		},
	};
}
