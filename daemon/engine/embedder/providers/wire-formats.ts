// The two wire formats md-vector speaks to model servers: OpenAI's POST {base}/embeddings (OpenAI, vLLM, LM
// Studio, llama.cpp's llama-server, Text Embeddings Inference, Infinity, Ollama's /v1, md-vector itself) and
// Ollama's POST {base}/api/embed.
import type {ProviderSettings, ServerProvider} from './provider-settings.js';

export type WireFormat = {
	/** The endpoint, from the base URL. */
	readonly endpoint: (base: string) => string;
	readonly body: (texts: readonly string[], settings: ProviderSettings) => unknown;
	/** The vectors in the order of the texts, unchecked; undefined when the answer has none where they belong. */
	readonly vectors: (body: unknown) => unknown[] | undefined;
	/** A server's own words about a refusal (its error message), if it gave any. */
	readonly message: (body: unknown) => string | undefined;
};

type OpenAiItem = {readonly embedding?: unknown; readonly index?: unknown};

const openai: WireFormat = {
	endpoint: base => `${base}/embeddings`,
	body: (texts, settings) => ({input: texts, model: settings.model, encoding_format: 'float', ...(settings.dimensions === undefined ? {} : {dimensions: settings.dimensions})}),
	vectors(body) {
		const data = (body as {data?: unknown} | undefined)?.data;
		if (!Array.isArray(data)) {
			return undefined;
		}

		// Answers carry their index: put each vector back in the place of its text (they may come in any order).
		const items = data as OpenAiItem[];
		const placed = Array.from<unknown>({length: items.length});
		for (const [position, item] of items.entries()) {
			const index = typeof item?.index === 'number' ? item.index : position;
			if (!Number.isInteger(index) || index < 0 || index >= items.length || placed[index] !== undefined) {
				return undefined;
			}

			placed[index] = item.embedding;
		}

		return placed;
	},
	message(body) {
		const error = (body as {error?: unknown} | undefined)?.error;
		if (typeof error === 'string') {
			return error;
		}

		const message = (error as {message?: unknown} | undefined)?.message;
		return typeof message === 'string' ? message : (typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : undefined);
	},
};

const ollama: WireFormat = {
	endpoint: base => `${base}/api/embed`,
	// truncate: a text longer than the model's context is cut (as md-vector's own model does), not refused.
	body: (texts, settings) => ({model: settings.model, input: texts, truncate: true}),
	vectors(body) {
		const embeddings = (body as {embeddings?: unknown} | undefined)?.embeddings;
		return Array.isArray(embeddings) ? embeddings as unknown[] : undefined;
	},
	message: openai.message,
};

export const wireFormats: Readonly<Record<ServerProvider, WireFormat>> = {openai, ollama};
