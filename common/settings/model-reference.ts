// A model reference names what made a collection's vectors (its fingerprint): a local model by its own name
// (bge-small-en-v1.5, all-MiniLM-L6-v2, a folder's base name) or a server's model as `openai:<name>` /
// `ollama:<name>`. Local and server models never share a name, so they never mix silently.
import type {EmbedProvider} from './embed-provider.js';

export type ParsedReference = {readonly provider: EmbedProvider; readonly model: string};

const serverProviders = new Set(['openai', 'ollama']);

export function serverReference(provider: 'openai' | 'ollama', model: string): string {
	return `${provider}:${model}`;
}

/** The provider and model of a reference; a name without a known provider prefix is a local model. */
export function parseReference(reference: string): ParsedReference {
	const colon = reference.indexOf(':');
	const prefix = colon > 0 ? reference.slice(0, colon) : '';
	return serverProviders.has(prefix)
		? {provider: prefix as 'openai' | 'ollama', model: reference.slice(colon + 1)}
		: {provider: 'local', model: reference};
}

/** How to have a daemon make vectors of this reference again: the settings to set, then a restart. */
export function loadAdvice(reference: string): string {
	const {provider, model} = parseReference(reference);
	if (provider === 'local') {
		return `run the local model ${model}: md-vector config set embed-provider local (or unset MD_VECTOR_EMBED_PROVIDER), `
			+ `md-vector config set model to ${model}'s folder or hub id, then md-vector restart`;
	}

	return `use ${provider}'s ${model}: md-vector config set embed-provider ${provider} and md-vector config set embed-model ${model} `
		+ `(or MD_VECTOR_EMBED_PROVIDER=${provider} MD_VECTOR_EMBED_MODEL=${model}), then md-vector restart`;
}
