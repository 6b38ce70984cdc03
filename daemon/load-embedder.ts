import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import type {Engine} from './engine/engine.js';
import type {ModelConfig} from './engine/embedder/model-config.js';
import {loadThreadEmbedder} from './engine/embedder/thread-embedder.js';
import {EmbedderOutage} from './engine/embedder/embedder.js';
import {loadProviderEmbedder} from './engine/embedder/providers/load-provider.js';
import {referenceOf, type EmbedSettings, type ProviderSettings} from './engine/embedder/providers/provider-settings.js';

/**
 * Loads the configured model into the engine: the local model (embed-provider local), or a model server's.
 * Never throws: without a model the engine stays usable for keyword search and reports why (health: degraded).
 * A server out of reach is tried again (5 s doubling to a minute) until `signal` aborts (the daemon stops).
 */
export async function loadEmbedderInto(engine: Engine, config: ModelConfig, embed: EmbedSettings, cacheDir: string, log: (line: string) => void, signal?: AbortSignal): Promise<void> {
	if (embed.provider !== 'local') {
		await loadServerInto(engine, embed, log, signal);
		return;
	}

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

async function loadServerInto(engine: Engine, settings: ProviderSettings, log: (line: string) => void, signal?: AbortSignal): Promise<void> {
	const reference = referenceOf(settings);
	engine.setEmbedder({status: 'loading', modelId: reference});
	for (let attempt = 0; !signal?.aborted; attempt++) {
		try {
			const embedder = await loadProviderEmbedder(reference, settings);
			if (signal?.aborted) {
				await embedder.dispose();
				return;
			}

			engine.setEmbedder({status: 'ready', embedder});
			log(`embeddings from ${reference} at ${settings.url} (${embedder.dims} dimensions)`);
			return;
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			if (!(error instanceof EmbedderOutage)) {
				engine.setEmbedder({status: 'unavailable', modelId: reference, reason});
				log(`keyword search only: ${reason}`);
				return;
			}

			const wait = Math.min(60_000, 5000 * (2 ** attempt));
			engine.setEmbedder({status: 'unavailable', modelId: reference, reason: `${reason} (trying again in ${Math.round(wait / 1000)} s)`});
			if (attempt === 0) {
				log(`keyword search until the embedding server answers: ${reason}`);
			}

			await sleep(wait, undefined, {signal, ref: false}).catch(() => undefined);
		}
	}
}
