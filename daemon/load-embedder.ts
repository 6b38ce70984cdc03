import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {parseReference} from '../common/settings/model-reference.js';
import type {Engine} from './engine/engine.js';
import {fingerprintId, type ModelConfig} from './engine/embedder/model-config.js';
import {EmbedderOutage, type Embedder} from './engine/embedder/embedder.js';
import type {EmbedderLoader} from './engine/embedder/embedders.js';
import {loadThreadEmbedder} from './engine/embedder/thread-embedder.js';
import {loadProviderEmbedder} from './engine/embedder/providers/load-provider.js';
import {referenceOf, type EmbedSettings, type ProviderSettings} from './engine/embedder/providers/provider-settings.js';
import type {ModelResolver} from './models/model-resolver.js';

export type LoadOptions = {
	/** Where vectors come from: the local model (the default), or a model server. */
	readonly embed?: EmbedSettings;
	readonly resolver?: ModelResolver;
	/** Aborted when the daemon stops: a model server out of reach is not tried again. */
	readonly signal?: AbortSignal;
};

/**
 * Loads the configured model into the engine as its default: the local model (embed-provider local), or a model
 * server's. Never throws: without a model the engine stays usable for keyword search and reports why (health:
 * degraded). A server out of reach is tried again (5 s doubling to a minute) until `signal` aborts.
 */
export async function loadEmbedderInto(engine: Engine, config: ModelConfig, cacheDir: string, log: (line: string) => void, options: LoadOptions = {}): Promise<void> {
	if (options.embed && options.embed.provider !== 'local') {
		await loadServerInto(engine, options.embed, log, options.signal);
		return;
	}

	const reference = fingerprintId(config);
	engine.setEmbedder({status: 'loading', modelId: config.id}, reference);
	try {
		const embedder = await loadModel(config, cacheDir, log);
		engine.setEmbedder({status: 'ready', embedder}, reference);
		options.resolver?.remember(reference); // collections of this model find it by name once the setting names another
		log(`model ${config.id} ready (${embedder.dims} dimensions)`);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		engine.setEmbedder({status: 'unavailable', modelId: config.id, reason}, reference);
		log(`keyword search only: ${reason}`);
	}
}

async function loadServerInto(engine: Engine, settings: ProviderSettings, log: (line: string) => void, signal?: AbortSignal): Promise<void> {
	const reference = referenceOf(settings);
	engine.setEmbedder({status: 'loading', modelId: reference}, reference);
	for (let attempt = 0; !signal?.aborted; attempt++) {
		try {
			const embedder = await loadProviderEmbedder(reference, settings);
			if (signal?.aborted) {
				await embedder.dispose();
				return;
			}

			engine.setEmbedder({status: 'ready', embedder}, reference);
			log(`embeddings from ${reference} at ${settings.url} (${embedder.dims} dimensions)`);
			return;
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			if (!(error instanceof EmbedderOutage)) {
				engine.setEmbedder({status: 'unavailable', modelId: reference, reason}, reference);
				log(`keyword search only: ${reason}`);
				return;
			}

			const wait = Math.min(60_000, 5000 * (2 ** attempt));
			engine.setEmbedder({status: 'unavailable', modelId: reference, reason: `${reason} (trying again in ${Math.round(wait / 1000)} s)`}, reference);
			if (attempt === 0) {
				log(`keyword search until the embedding server answers: ${reason}`);
			}

			await sleep(wait, undefined, {signal, ref: false}).catch(() => undefined);
		}
	}
}

/**
 * The engine's loader of models other than its default, by reference (a collection's own model, the target of a
 * switch): a local model resolved by name (models/model-resolver.ts), each on its own thread like the default; a
 * server model (`openai:NAME`, `ollama:NAME`) through the configured server of its provider, else its default URL.
 */
export function modelLoader(resolver: ModelResolver, cacheDir: string, log: (line: string) => void, embed?: EmbedSettings): EmbedderLoader {
	return async reference => {
		if (parseReference(reference).provider !== 'local') {
			return loadProviderEmbedder(reference, embed ?? {provider: 'local'});
		}

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
