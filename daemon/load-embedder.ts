import path from 'node:path';
import type {Engine} from './engine/engine.js';
import type {ModelConfig} from './engine/embedder/model-config.js';
import {loadThreadEmbedder} from './engine/embedder/thread-embedder.js';

/**
 * Loads the configured model into the engine. Never throws: without a model the engine stays usable for
 * keyword search and reports why (health: degraded).
 */
export async function loadEmbedderInto(engine: Engine, config: ModelConfig, cacheDir: string, log: (line: string) => void): Promise<void> {
	engine.setEmbedder({status: 'loading', modelId: config.id});
	let lastReported = -1;
	try {
		const embedder = await loadThreadEmbedder(config, path.join(cacheDir, 'models'), {
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
		engine.setEmbedder({status: 'ready', embedder});
		log(`model ${config.id} ready (${embedder.dims} dimensions)`);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		engine.setEmbedder({status: 'unavailable', modelId: config.id, reason});
		log(`keyword search only: ${reason}`);
	}
}
