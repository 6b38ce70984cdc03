import {z} from 'zod';
import {defaultEmbedUrl, embedProviders, embedUrlProblem, isModelName, modelNameRule} from '../../../../common/settings/embed-provider.js';
import {parseReference, serverReference} from '../../../../common/settings/model-reference.js';
import {familyDefaults} from '../model-family.js';
import {envSetting as setting} from '../env-setting.js';

export type ServerProvider = 'openai' | 'ollama';

/** How to reach a model server and how hard to push it. The key is not here: it is read when needed (api-key.ts). */
export type ProviderSettings = {
	readonly provider: ServerProvider;
	/** The base URL without a trailing slash (openai: up to /v1). */
	readonly url: string;
	/** The server's name of the model. */
	readonly model: string;
	/** openai only: the vector size to ask for (models that can shorten their vectors). */
	readonly dimensions?: number;
	/** MD_VECTOR_EMBED_KEY: sent as a bearer token. */
	readonly key?: string;
	/** MD_VECTOR_EMBED_KEY_COMMAND: prints the key (run again after a 401, for keys that expire). */
	readonly keyCommand?: string;
	/** Prepended to queries, as the model's authors recommend for retrieval (MD_VECTOR_QUERY_PREFIX, else by the model's family). */
	readonly queryPrefix: string;
	/** Prepended to every document text (MD_VECTOR_DOCUMENT_PREFIX, else by the model's family: e5's `passage: `); servers embed the text as sent. */
	readonly documentPrefix: string;
	/** Texts per request, and characters per request (servers refuse large inputs). */
	readonly batchTexts: number;
	readonly batchChars: number;
	/** Requests in flight at once for an ingestion. */
	readonly concurrency: number;
	/** One request's time limit. */
	readonly timeoutMs: number;
	/** How long an ingestion waits for a server that went away (or answers 429/5xx) before it stops. */
	readonly waitMs: number;
};

export type EmbedSettings = {readonly provider: 'local'} | ProviderSettings;

/** A variable's value trimmed, or undefined when unset or blank. */
const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * The provider settings in force, from the environment (with `md-vector config set` values filled in as their
 * variables: read-settings.ts). Throws on a value it cannot use, naming the variable, so the daemon refuses to
 * start rather than embed with something the user did not ask for.
 */
export function embedSettingsFromEnv(env: NodeJS.ProcessEnv): EmbedSettings {
	const provider = setting(env, 'MD_VECTOR_EMBED_PROVIDER', z.enum(embedProviders), `one of ${embedProviders.join(', ')} (the embed-provider setting)`, 'local');
	if (provider === 'local') {
		return {provider};
	}

	const model = env.MD_VECTOR_EMBED_MODEL?.trim();
	if (!model) {
		throw new Error(`MD_VECTOR_EMBED_PROVIDER is ${provider}, so the server's model must be named: md-vector config set embed-model NAME (or MD_VECTOR_EMBED_MODEL), e.g. ${provider === 'openai' ? 'text-embedding-3-small' : 'nomic-embed-text'}`);
	}

	if (!isModelName(model)) {
		throw new Error(`MD_VECTOR_EMBED_MODEL (the embed-model setting) ${modelNameRule}, got '${model}'`);
	}

	const url = nonEmpty(env.MD_VECTOR_EMBED_URL) ?? defaultEmbedUrl[provider];
	const problem = embedUrlProblem(url);
	if (problem) {
		throw new Error(`MD_VECTOR_EMBED_URL (the embed-url setting) ${problem}, got '${url}'`);
	}

	const dimensions = setting<number | undefined>(env, 'MD_VECTOR_EMBED_DIMENSIONS', count(1, 65_536), 'a whole number of dimensions from 1 to 65536 (the embed-dimensions setting)', undefined);
	if (dimensions !== undefined && provider === 'ollama') {
		throw new Error('MD_VECTOR_EMBED_DIMENSIONS (the embed-dimensions setting) is for openai servers: Ollama makes the model\'s own size. Unset it.');
	}

	return {
		provider,
		url: url.replace(/\/+$/, ''),
		model,
		dimensions,
		key: nonEmpty(env.MD_VECTOR_EMBED_KEY),
		keyCommand: nonEmpty(env.MD_VECTOR_EMBED_KEY_COMMAND),
		queryPrefix: env.MD_VECTOR_QUERY_PREFIX ?? familyDefaults(model).queryPrefix,
		documentPrefix: env.MD_VECTOR_DOCUMENT_PREFIX ?? familyDefaults(model).documentPrefix,
		batchTexts: setting(env, 'MD_VECTOR_EMBED_BATCH', count(1, 2048), 'a whole number of texts per request, 1 to 2048', 64),
		batchChars: setting(env, 'MD_VECTOR_EMBED_BATCH_CHARS', count(1000, 10_000_000), 'a whole number of characters per request, 1000 or more', 60_000),
		concurrency: setting(env, 'MD_VECTOR_EMBED_CONCURRENCY', count(1, 16), 'a whole number of requests in flight, 1 to 16', 2),
		timeoutMs: setting(env, 'MD_VECTOR_EMBED_TIMEOUT_S', z.coerce.number().min(1).max(3600), 'a number of seconds from 1 to 3600', 60) * 1000,
		waitMs: setting(env, 'MD_VECTOR_EMBED_WAIT_S', z.coerce.number().min(0).max(86_400), 'a number of seconds from 0 to 86400', 300) * 1000,
	};
}

/** The model reference of a server model (common/settings/model-reference.ts): what collections record. */
export const referenceOf = (settings: ProviderSettings) => serverReference(settings.provider, settings.model);

/**
 * The settings for another server model than the configured one (the switch's per-collection embedders): the
 * configured server when the provider is the same, else that provider's default URL, with the same limits.
 */
export function settingsFor(reference: string, settings: EmbedSettings): ProviderSettings {
	const {provider, model} = parseReference(reference);
	if (provider === 'local') {
		throw new Error(`${reference} is a local model: it runs in the daemon, not on a server`);
	}

	const base: ProviderSettings = settings.provider === 'local'
		? embedSettingsFromEnv({MD_VECTOR_EMBED_PROVIDER: provider, MD_VECTOR_EMBED_MODEL: model}) as ProviderSettings
		: settings;
	if (base.provider === provider && base.model === model) {
		return base;
	}

	return {...base, provider, model, url: base.provider === provider ? base.url : defaultEmbedUrl[provider], queryPrefix: familyDefaults(model).queryPrefix, documentPrefix: familyDefaults(model).documentPrefix, dimensions: provider === 'openai' ? base.dimensions : undefined};
}
