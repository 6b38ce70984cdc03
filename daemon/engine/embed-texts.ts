// Vectors of any texts from the daemon's model, for others (POST /v1/embeddings): one daemon on a machine with
// a fast CPU or a GPU embeds for several, which point their `openai` provider at it.
import {bertTokenCounter} from './chunker/token-counter.js';
import type {EmbedderState} from './embedder/embedder.js';
import {EngineError, invalidInput, unavailable} from './errors.js';

export type EmbedRequest = {
	readonly texts: readonly string[];
	/** The model asked for: the daemon's model reference, or a hub id ending in it (Xenova/bge-small-en-v1.5). */
	readonly model: string;
	/** A vector size asked for: only the model's own is made. */
	readonly dimensions?: number;
};

export type EmbedAnswer = {
	readonly vectors: readonly Float32Array[];
	readonly model: string;
	/** Tokens of the texts, special tokens included, counted with the BERT uncased tokenizer (md-vector's models'). */
	readonly tokens: number;
};

/** The model's vectors of the texts as given (no query or document prefix: the caller adds its own). */
export async function embedTexts(state: EmbedderState, request: EmbedRequest): Promise<EmbedAnswer> {
	if (state.status !== 'ready') {
		throw unavailable(state.status === 'loading' ? `the model ${state.modelId} is still loading: try again shortly` : `no model to embed with: ${state.reason}`);
	}

	const {embedder} = state;
	if (request.model !== embedder.modelId && request.model.split('/').at(-1) !== embedder.modelId) {
		throw new EngineError('model_not_found', 404, `model '${request.model}' is not served here: this daemon embeds with '${embedder.modelId}' (${embedder.dims} dimensions); ask for that model`);
	}

	if (request.dimensions !== undefined && request.dimensions !== embedder.dims) {
		throw invalidInput(`dimensions: ${embedder.modelId} makes ${embedder.dims} dimensions and cannot shorten its vectors; leave dimensions out or ask for ${embedder.dims}`);
	}

	// As given: the caller adds its model family's prefixes (a client daemon's provider does).
	const vectors = await (embedder.embedPlain ? embedder.embedPlain(request.texts) : embedder.embedDocuments(request.texts));
	const count = bertTokenCounter();
	return {vectors, model: embedder.modelId, tokens: request.texts.reduce((sum, text) => sum + count(text), 0)};
}
