import type {Embedder} from '../embedder.js';
import {ProviderEmbedder} from './provider-embedder.js';
import {ProviderError} from './provider-errors.js';
import {referenceOf, settingsFor, type EmbedSettings, type ProviderSettings} from './provider-settings.js';
import {KeyHolder, requestVectors} from './request-vectors.js';

/** A short text whose vector tells the model's size (and that URL, key and model work) before anything is stored. */
const probeText = 'md-vector checks the embedding server';

/**
 * An Embedder for a server model (`openai:<model>`, `ollama:<model>`): one request first, so a wrong URL, key,
 * model or size is told now (an error that names the fix), and the vector size is known. `settings`: the
 * daemon's embed settings (provider-settings.ts); a reference of another provider gets that provider's default
 * URL with the same limits. Throws ProviderOutage when the server is out of reach: the caller may try again.
 */
export async function loadProviderEmbedder(reference: string, settings: EmbedSettings): Promise<Embedder> {
	const server = settingsFor(reference, settings);
	const key = new KeyHolder(server);
	const closing = new AbortController();
	const [vector] = await requestVectors([probeText], undefined, {settings: server, key, signal: closing.signal}, {deadline: Date.now(), timeoutMs: server.timeoutMs});
	const dims = vector!.length;
	if (server.dimensions !== undefined && dims !== server.dimensions) {
		throw new ProviderError('dimensions', `${server.url} made ${dims}-dimension vectors where MD_VECTOR_EMBED_DIMENSIONS asks for ${server.dimensions}: `
			+ 'this server or model cannot shorten its vectors; unset embed-dimensions');
	}

	return new ProviderEmbedder(referenceOf(server), dims, server, {settings: server, key});
}

export {type EmbedSettings, type ProviderSettings} from './provider-settings.js';
