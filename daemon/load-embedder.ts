import path from 'node:path';
import type {Engine} from './engine/engine.js';
import {fingerprintId, type ModelConfig} from './engine/embedder/model-config.js';
import type {Embedder} from './engine/embedder/embedder.js';
import type {EmbedderLoader} from './engine/embedder/embedders.js';
import {loadThreadEmbedder} from './engine/embedder/thread-embedder.js';
import type {ModelResolver} from './models/model-resolver.js';

/**
 * Loads the configured model into the engine as its default. Never throws: without a model the engine stays
 * usable for keyword search and reports why (health: degraded).
 */
export async function loadEmbedderInto(engine: Engine, config: ModelConfig, cacheDir: string, log: (line: string) => void, resolver?: ModelResolver): Promise<void> {
	const reference = fingerprintId(config);
	engine.setEmbedder({status: 'loading', modelId: config.id}, reference);
	try {
		const embedder = await loadModel(config, cacheDir, log);
		engine.setEmbedder({status: 'ready', embedder}, reference);
		resolver?.remember(reference); // collections of this model find it by name once the setting names another
		log(`model ${config.id} ready (${embedder.dims} dimensions)`);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		engine.setEmbedder({status: 'unavailable', modelId: config.id, reason}, reference);
		log(`keyword search only: ${reason}`);
	}
}

/**
 * The engine's loader of models other than its default, by reference (a collection's own model, the target of a
 * switch): resolved by name (models/model-resolver.ts), each on its own thread like the default.
 */
export function modelLoader(resolver: ModelResolver, cacheDir: string, log: (line: string) => void): EmbedderLoader {
	return async reference => {
		try {
			const config = resolver.configOf(reference); // a folder is checked first: what it lacks
			const embedder = await loadModel(config, cacheDir, log);
			if (embedder.modelId !== reference) {
				await embedder.dispose();
				throw new Error(`the model loaded from ${config.directory ?? config.id} calls itself ${embedder.modelId}, not ${reference}`);
			}

			resolver.remember(reference);
			return embedder;
		} catch (error) {
			resolver.forget(reference);
			throw error;
		}
	};
}

async function loadModel(config: ModelConfig, cacheDir: string, log: (line: string) => void): Promise<Embedder> {
	let lastReported = -1;
	return loadThreadEmbedder(config, path.join(cacheDir, 'models'), {
		onProgress({file, progress}) {
			if (config.directory) {
				return; // a local folder: nothing is downloaded
			}

			const step = Math.floor(progress / 25);
			if (step !== lastReported) {
				lastReported = step;
				log(`downloading ${config.id}: ${file} ${Math.round(progress)}%`);
			}
		},
		releaseAfterMs: config.releaseAfterSeconds * 1000,
		log,
	});
}
